/// The checks that need the whole story: chapter references, line ids in every language
/// file, and loops of jumps that pass no level or choice (they would never wait for the
/// player, so the story could not go on).
struct StoryChecker {
    let book: StoryBook
    let report: StoryReport
    let pack: Pack
    let references: [(id: String, position: SourcePosition)]

    func check() {
        let ids = book.chapters.map(\.id)
        for reference in references where !ids.contains(reference.id) {
            report.error("there is no chapter '\(reference.id)'; the chapters are \(ids.joined(separator: ", "))",
                         at: reference.position)
        }
        checkStrings()
        checkLoops()
    }

    /// Every line id must be in the default language's strings and in every other
    /// language file the pack has (a translation that misses a line is reported too).
    private func checkStrings() {
        let languages = Set(pack.strings.keys).union([pack.manifest.defaultLanguage]).sorted()
        for line in book.allLines {
            for language in languages where pack.strings[language]?[line.id] == nil {
                report.error("line '\(line.id)' is missing from \(pack.display("strings/\(language).json"))", at: line.position)
            }
        }
    }

    /// A step's place: (chapter index, step index).
    private struct Place: Hashable {
        var chapter: Int
        var step: Int
    }

    /// The first real step at or after (chapter, step), passing over chapter ends.
    private func resolve(_ chapter: Int, _ step: Int) -> Place? {
        var c = chapter, s = step
        while c < book.chapters.count {
            if s < book.chapters[c].steps.count { return Place(chapter: c, step: s) }
            (c, s) = (c + 1, 0)
        }
        return nil
    }

    /// Where a step can go without waiting for the player (levels, choices and ends wait
    /// or stop; a retry goes back into a level).
    private func successors(_ place: Place) -> [Place] {
        let next = resolve(place.chapter, place.step + 1)
        func start(_ id: String) -> Place? { book.chapterIndex(id).flatMap { resolve($0, 0) } }
        switch book.chapters[place.chapter].steps[place.step].kind {
        case .level, .choice, .end: return []
        case .cutscene, .set: return next.map { [$0] } ?? []
        case let .jump(id): return start(id).map { [$0] } ?? []
        case let .branch(_, .chapter(id)): return [next, start(id)].compactMap { $0 }
        case .branch(_, .retry): return next.map { [$0] } ?? []
        }
    }

    private func checkLoops() {
        var state: [Place: Bool] = [:]  // false: on the path; true: done
        var path: [Place] = []
        var reported = Set<Set<Place>>()
        func visit(_ place: Place) {
            state[place] = false
            path.append(place)
            for next in successors(place) {
                if state[next] == false, let from = path.firstIndex(of: next) {
                    let loop = Array(path[from...])
                    guard reported.insert(Set(loop)).inserted else { continue }
                    var chapters: [String] = []
                    for p in loop + [next] where chapters.last != book.chapters[p.chapter].id {
                        chapters.append(book.chapters[p.chapter].id)
                    }
                    let step = book.chapters[place.chapter].steps[place.step]
                    report.error("this jump loops with no level or choice in between (\(chapters.joined(separator: " → ")))",
                                 at: step.position)
                } else if state[next] == nil {
                    visit(next)
                }
            }
            path.removeLast()
            state[place] = true
        }
        for (c, chapter) in book.chapters.enumerated() {
            for s in chapter.steps.indices where state[Place(chapter: c, step: s)] == nil {
                visit(Place(chapter: c, step: s))
            }
        }
    }
}
