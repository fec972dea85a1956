import COpenAL
import EcholotCore
import EcholotModel
import Foundation

/// Makes the game state audible: one OpenAL source per entity sound, placed relative to
/// the view, plus the level's ambience and music. It follows the store through diffs,
/// touching only what changed; the state alone decides what sounds (FA#7).
public final class AudioEngine {
    /// The device it plays on (kept open as long as the engine lives).
    public let device: AudioDevice
    /// Where sound names resolve.
    public let sounds: SoundFolder

    private let buffers: BufferCache
    private let entities: ValueTranslator<SpatialSource>
    private let ambient: ValueTranslator<AmbientSource>
    private var ambienceSlots = 0
    private let reporter: OnceReporter
    private let notice: (String) -> Void
    private let budget: SourceBudget
    private let defersUpdates: Bool

    private static let musicSlot = "music"

    /// An engine playing on `device` the sounds in `sounds`; problems go to `report`, once
    /// each; `notice` (else `report`) is told, once a level, when more entities have a sound
    /// than play at once (``AudioDevice/entitySoundLimit``): the nearest play, which is no
    /// problem of a sound (a render is written all the same).
    public init(device: AudioDevice, sounds: SoundFolder, report: @escaping (String) -> Void,
                notice: ((String) -> Void)? = nil) {
        let reporter = OnceReporter(sink: report)
        let buffers = BufferCache(folder: sounds)
        let budget = SourceBudget(limit: AudioDevice.entitySoundLimit)
        self.device = device
        self.sounds = sounds
        self.reporter = reporter
        self.notice = notice ?? report
        self.budget = budget
        self.buffers = buffers
        defersUpdates = alIsExtensionPresent("AL_SOFT_deferred_updates") != AL_FALSE
        entities = ValueTranslator(
            primaryAttribute: [AudioAttributes.sound, AudioAttributes.file],
            create: { key, entity in
                guard let buffer = Self.buffer(key.primary, directional: true, buffers, reporter) else {
                    // A sound that cannot play gains nothing by waiting for a source.
                    budget.waiting.remove(key.id)
                    return nil
                }
                guard budget.take(key.id) else { return nil }
                do {
                    return try SpatialSource.make(buffer: buffer, entity: entity)
                } catch {
                    budget.give()
                    reporter.report("audio: the sound of entity \(MessageText.named(key.id)) stays silent: \(error)")
                    return nil
                }
            },
            update: { source, changes, entity in
                do {
                    try source.apply(changes, entity: entity)
                } catch {
                    reporter.report("audio: the sound of an entity could not be changed: \(error)")
                }
            },
            release: {
                budget.give()
                $0.release()
            }
        )
        ambient = ValueTranslator(
            primaryAttribute: [AudioAttributes.file],
            create: { key, value in
                guard let buffer = Self.buffer(key.primary, directional: false, buffers, reporter) else { return nil }
                do {
                    return try AmbientSource.make(buffer: buffer, value: value)
                } catch {
                    reporter.report("audio: \(key.id) \(MessageText.named(key.primary)) stays silent: \(error)")
                    return nil
                }
            },
            update: { source, _, value in
                do {
                    try source.apply(value())
                } catch {
                    reporter.report("audio: an ambient sound could not be changed: \(error)")
                }
            },
            release: { $0.release() }
        )
    }

    deinit {
        // Sources first: OpenAL will not delete a buffer a source still holds.
        entities.removeAll()
        ambient.removeAll()
        buffers.removeAll()
    }

    /// Plays `state` from scratch: what a freshly attached engine does.
    public func show(_ state: GameState) {
        apply(Diff(from: .emptyMap, to: state.tree), to: state)
    }

    /// Follows `store`: plays its current state now and every change after; returns the
    /// observer id. The store does not keep the engine alive.
    @discardableResult
    public func attach(to store: Store<GameState>) -> Int {
        show(store.state)
        return store.observe { [weak self] transition in
            self?.apply(transition.diff, to: transition.new)
        }
    }

    /// Applies what `diff` says changed; `state` is the state it leads to.
    public func apply(_ diff: Diff, to state: GameState) {
        guard !diff.isEmpty else { return }
        // Every change of one batch reaches the mixer at once (no half-turned frame).
        if defersUpdates { alDeferUpdatesSOFT() }
        defer { if defersUpdates { alProcessUpdatesSOFT() } }
        // Plain `Value` lookups: the typed-key accessors are generic across modules and
        // cost a runtime metadata lookup each, which adds up on every tick.
        let level = state.tree[Game.level.name]
        let changed = AudioDiff(diff)
        if changed.view {
            do {
                try Listener.face(View(level[LevelKeys.view.name]) ?? View())
            } catch {
                reporter.report("audio: the listener could not be turned: \(error)")
            }
        }
        syncEntities(changed.entities, level[LevelKeys.entities.name])
        if changed.ambience { syncAmbience(level[LevelKeys.ambience.name].listValue ?? []) }
        if changed.music {
            let music = level[LevelKeys.music.name]
            ambient.resync(id: Self.musicSlot, element: music.isNull ? nil : music)
        }
    }

    /// The number of entity sounds that have a source.
    public var entitySourceCount: Int { entities.count }
    /// The number of entity sounds that wait, silent, for a source (``AudioDevice/entitySoundLimit``).
    public var waitingEntityCount: Int { budget.waiting.count }
    /// The number of ambient and music sounds that have a source.
    public var ambientSourceCount: Int { ambient.count }
    /// The number of distinct sound files loaded into OpenAL buffers.
    public var loadedBufferCount: Int { buffers.loadedCount }

    /// The OpenAL source of an entity's sound, for tests that inspect OpenAL directly.
    func sourceID(ofEntity id: String) -> ALuint? { entities.object(for: id)?.id }

    private func syncEntities(_ touched: AudioDiff.Entities, _ current: Value) {
        func element(_ id: String) -> Value? {
            let value = current[id]
            return value.isNull ? nil : value
        }
        switch touched {
        case .none:
            return
        case let .some(changed):
            for (id, changes) in changed {
                // A moving entity's update needs no lookup: the element is read lazily.
                entities.sync(id: id, changes: changes) { element(id) }
            }
        case .all:
            var ids = Set(entities.liveIDs)
            ids.formUnion(current.mapValue?.keys ?? [])
            // In a fixed order: OpenAL mixes sources in the order they were made, and a
            // Set's order changes from run to run, which made renders differ in the last bit.
            let order = ids.sorted()
            // More sounds than sources: the farthest wait. Theirs are given back first, so
            // that the nearest find them free.
            // Distances are read only when there may be more sounds than sources.
            let over = order.count <= budget.limit ? [] : budget.overLimit(order.compactMap { id in
                element(id).flatMap { entities.identify(id: id, $0) == nil ? nil : (id, Placement($0).metres) }
            })
            budget.waiting = over
            budget.told = false
            for id in order where over.contains(id) { entities.resync(id: id, element: nil) }
            budget.admit {
                for id in order where !over.contains(id) { entities.resync(id: id, element: element(id)) }
            }
        }
        if budget.canAdmit { admitNearest(current) }
        if !budget.waiting.isEmpty, !budget.told {
            budget.told = true
            notice(budget.notice)
        }
    }

    /// Gives the sources that are free to the nearest waiting entities, in the order of
    /// their ids; forgets those that have since lost their sound or left the level.
    private func admitNearest(_ current: Value) {
        var sounding: [(id: String, metres: Double)] = []
        for id in budget.waiting {
            let value = current[id]
            if !value.isNull, entities.identify(id: id, value) != nil { sounding.append((id, Placement(value).metres)) }
        }
        budget.waiting = Set(sounding.map(\.id))
        let free = budget.limit - budget.used
        let nearest = sounding.sorted { ($0.metres, $0.id) < ($1.metres, $1.id) }.prefix(free).map(\.id)
        budget.admit {
            for id in nearest.sorted() { entities.resync(id: id, element: current[id]) }
        }
    }

    private func syncAmbience(_ tracks: [Value]) {
        // A list is replaced whole in a diff, so every slot is looked at again; a slot
        // that keeps its file keeps playing without a gap.
        for index in 0 ..< max(ambienceSlots, tracks.count) {
            ambient.resync(id: "ambience.\(index)", element: index < tracks.count ? tracks[index] : nil)
        }
        ambienceSlots = tracks.count
    }

    /// The buffer for a sound name, or `nil` after reporting (once) why it stays silent.
    private static func buffer(_ name: String, directional: Bool, _ buffers: BufferCache, _ reporter: OnceReporter) -> ALuint? {
        let problem: String
        switch buffers.buffer(named: name) {
        case let .success(buffer) where !directional || buffer.channels == 1:
            return buffer.id
        case .success:
            problem = AudioAsset.stereoDirectionalMessage
        case let .failure(error):
            problem = error.message
        }
        if buffers.isFirstFailure(of: name, directional: directional) {
            reporter.report("\(buffers.folder.displayPath(name)): error: \(problem) (it stays silent)")
        }
        return nil
    }
}
