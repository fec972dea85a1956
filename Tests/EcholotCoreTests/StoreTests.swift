import Testing

@testable import EcholotCore

private enum Counter {}
private typealias State = Node<Counter>
private let count = Key<Counter, Int>("count", default: 0)
private let log = Key<Counter, [String]>("log", default: [])

private struct Boom: Error, CustomStringConvertible {
    var description: String { "boom" }
}

@Suite struct StoreTests {
    @Test func reducersRunInOrderAndOnlyForTheirActions() {
        let store = Store<State>(state: State(), reducers: [
            Reducer("first", handles: .only("add")) { s, _, _ in s[log].append("first") },
            Reducer("other", handles: .only("other")) { s, _, _ in s[log].append("other") },
            Reducer("second", handles: ActionFilter(prefixes: ["ad"])) { s, _, _ in s[log].append("second") },
        ])
        store.dispatch(Action("add"))
        #expect(store.state[log] == ["first", "second"])
    }

    @Test func followUpsAreQueuedNotRecursive() {
        let store = Store<State>(state: State(), reducers: [
            Reducer("emit", handles: .only("a")) { s, _, ctx in
                s[log].append("a")
                ctx.emit(Action("b"))
                ctx.emit(Action("c"))
            },
            Reducer("after-a", handles: .only("a")) { s, _, _ in s[log].append("a2") },
            Reducer("b", handles: .only("b")) { s, _, ctx in
                s[log].append("b")
                ctx.emit(Action("d"))
            },
            Reducer("cd", handles: .only("c", "d")) { s, action, _ in s[log].append(action.name) },
        ])
        let transition = store.dispatch(Action("a"))
        // Breadth-first: b's follow-up d runs after c, and a's second reducer before b.
        #expect(store.state[log] == ["a", "a2", "b", "c", "d"])
        #expect(transition.actions.map(\.name) == ["a", "b", "c", "d"])
    }

    @Test func aThrowingReducerRejectsItsActionAndKeepsTheState() {
        let store = Store<State>(state: State(), reducers: [
            Reducer("inc", handles: .all) { s, _, _ in s[count] += 1 },
            Reducer("fail", handles: .only("bad")) { _, _, ctx in
                ctx.emit(Action("never"))
                throw Boom()
            },
        ])
        store.dispatch(Action("good"))
        let transition = store.dispatch(Action("bad"))
        #expect(store.state[count] == 1)
        #expect(transition.rejections.count == 1)
        #expect(transition.rejections[0].description == "reducer 'fail' rejected action 'bad': boom")
        #expect(transition.actions.map(\.name) == ["bad"])  // its follow-up was dropped
    }

    /// A staged reducer's change lands once nothing of the action can fail: a later stage
    /// that throws drops it with the rest of the action, and a direct reducer that follows
    /// sees it.
    @Test func stagedReducersCommitOnlyWhenTheActionSucceeds() {
        let stagedAdd = Reducer<State>.staged("staged", handles: .only("add", "bad")) { s, _, ctx in
            let seen = s[count]
            ctx.emit(Action("followed"))
            return { s in
                s[count] = seen + 1
                s[log].append("committed \(seen + 1)")
            }
        }
        let store = Store<State>(state: State(), reducers: [
            stagedAdd,
            Reducer("direct", handles: .only("add")) { s, _, _ in s[log].append("direct saw \(s[count])") },
            .staged("fail", handles: .only("bad")) { _, _, _ in throw Boom() },
            Reducer("followed", handles: .only("followed")) { s, _, _ in s[log].append("followed") },
        ])
        #expect(store.send(Action("add")).isEmpty)
        #expect(store.state[count] == 1)
        #expect(store.state[log] == ["committed 1", "direct saw 1", "followed"])

        let before = store.state
        let rejections = store.send(Action("bad"))
        #expect(rejections.map(\.reducer) == ["fail"])
        #expect(store.state == before, "the first stage's commit and its follow-up were dropped")
    }

    /// `send` and `dispatch` reach the same states; with an observer, `send` still tells it.
    @Test func sendReachesWhatDispatchReaches() {
        func make() -> Store<State> {
            Store<State>(state: State(), reducers: [
                Reducer("inc", handles: .only("inc")) { s, _, ctx in
                    s[count] += 1
                    if s[count] < 3 { ctx.emit(Action("inc")) }
                },
                .staged("note", handles: .only("inc")) { s, _, _ in
                    let n = s[count]
                    return { s in s[log].append("\(n)") }
                },
            ])
        }
        let sent = make(), dispatched = make()
        sent.send(Action("inc"))
        dispatched.dispatch(Action("inc"))
        #expect(sent.state == dispatched.state)
        #expect(sent.state[log] == ["1", "2", "3"])

        var heard: [[String]] = []
        sent.observe { heard.append($0.actions.map(\.name)) }
        sent.send(Action("other"))
        #expect(heard == [["other"]])
    }

    @Test func endlessCascadesAreCutOff() {
        let store = Store<State>(state: State(), reducers: [
            Reducer("ping", handles: .only("ping")) { s, _, ctx in
                s[count] += 1
                ctx.emit(Action("ping"))
            }
        ], maxActionsPerBatch: 100)
        let transition = store.dispatch(Action("ping"))
        #expect(store.state[count] == 100)
        #expect(transition.rejections.count == 1)
        // The message names who keeps emitting, for the modder to find the rule.
        #expect("\(transition.rejections[0].error)"
            == "more than 100 follow-up actions in one batch: rules keep emitting each other (the last came from ping handling 'ping')")
    }

    /// A reducer that can place its own errors (a script rule: its file and line) is
    /// blamed for a cascade it emitted the last action of, with the action it was handling.
    @Test func aCascadeIsBlamedOnTheReducerThatFedItLast() {
        struct Placed: Error, CustomStringConvertible { let description: String }
        var ping = Reducer<State>("ping", handles: .only("ping")) { _, _, ctx in ctx.emit(Action("ping")) }
        ping.blame = { message, handling in Placed(description: "ping.lua:1:1: error: \(message) (action '\(handling)')") }
        let store = Store<State>(state: State(), reducers: [ping], maxActionsPerBatch: 100)
        let rejection = store.dispatch(Action("ping")).rejections.first
        #expect(rejection?.reducer == "ping")
        #expect((rejection?.error as? Placed)?.description
            == "ping.lua:1:1: error: more than 100 follow-up actions in one batch: rules keep emitting each other, and this one emitted the last (action 'ping')")
    }

    @Test func observersHearEachBatchOnceWithTheDiff() {
        let store = Store<State>(state: State(), reducers: [
            Reducer("inc", handles: .only("inc")) { s, _, ctx in
                s[count] += 1
                if s[count] < 3 { ctx.emit(Action("inc")) }
            }
        ])
        var heard: [Transition<State>] = []
        let id = store.observe { heard.append($0) }
        store.dispatch(Action("inc"))
        #expect(heard.count == 1)
        #expect(heard[0].old[count] == 0)
        #expect(heard[0].new[count] == 3)
        #expect(heard[0].diff.changes == [Change(path: ["count"], old: nil, new: 3)])
        store.removeObserver(id)
        store.dispatch(Action("inc"))
        #expect(heard.count == 1)
    }

    @Test func randomnessComesFromTheStateAndReplays() {
        func run() -> [Int] {
            var state = State()
            state.random = SeededRandom(seed: 42)
            let store = Store<State>(state: state, reducers: [
                Reducer("roll", handles: .only("roll")) { s, _, ctx in
                    s[log].append(String(Int.random(in: 1...6, using: &ctx.random)))
                }
            ])
            for _ in 0..<20 { store.dispatch(Action("roll")) }
            return store.state[log].compactMap { Int($0) }
        }
        let first = run()
        #expect(first == run())
        #expect(Set(first).count > 1)
    }

    @Test func scopedReducersSeeOnlyTheirFocus() {
        let store = Store<State>(state: State(), reducers: [
            .scoped("count-only", handles: .all, lens: count.lens) { value, _, _ in value += 10 }
        ])
        store.dispatch(Action("x"))
        #expect(store.state[count] == 10)
        #expect(store.state.attributes.count == 1)
    }

    @Test func pulledBackReducersKeepTheirKind() {
        // Lifted, a staged reducer is still staged: the staged reducer after it stages from
        // the state before its change, and a direct one after both sees both commits.
        let bump = Reducer<Int>.staged("bump", handles: .all) { value, _, _ in
            let seen = value
            return { $0 = seen + 1 }
        }
        let store = Store<State>(state: State(), reducers: [
            bump.pullback(count.lens),
            .staged("look", handles: .all) { state, _, _ in
                let seen = state[count]
                return { $0[log].append("saw \(seen)") }
            },
            Reducer<Int>("double", handles: .all) { value, _, _ in value *= 2 }.pullback(count.lens),
        ])
        store.dispatch(Action("x"))
        #expect(store.state[log] == ["saw 0"])
        #expect(store.state[count] == 2)
    }
}
