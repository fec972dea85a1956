/// The checks that need the whole story: chapter references, line ids and speakers in the
/// default language's file (with warnings of what other languages lack), variable tests that can never hold, loops of jumps that pass no level or
/// choice (they would never wait for the player, so the story could not go on), retries
/// with no level to retry, steps and chapters the story never reaches, and a story that
/// can come to a loop it never leaves.
struct StoryChecker {
    let book: StoryBook
    let report: FileReport
    let pack: Pack
    /// The chapter ids steps name, with where: those a chapter left out for its own problem
    /// may answer are not among them.
    let references: [(id: String, position: SourcePosition)]
    /// Whether every chapter, step and option could be read: what the story's steps reach,
    /// and the values its variables are given, are only worked out for a whole story, or
    /// one left out would be told again as what follows from its absence.
    var complete = true
    /// What besides the story's own steps can set story variables or move the story
    /// (``whatElseDrivesTheStory(_:)``), worked out once: the checks ask for every
    /// condition, and the answer looks at the file system and every level.
    let drivenBy: String?

    /// The checker of `book`, read from `report`'s file into `pack`.
    init(book: StoryBook, report: FileReport, pack: Pack, references: [(id: String, position: SourcePosition)], complete: Bool) {
        self.book = book
        self.report = report
        self.pack = pack
        self.references = references
        self.complete = complete
        drivenBy = Self.whatElseDrivesTheStory(pack)
    }

    /// What the checks found besides the story's own problems, which `report` holds.
    struct Findings {
        /// Problems that belong to another file than the story (`pack.json`'s).
        var elsewhere: [Diagnostic]
        /// Warnings and notes, which do not keep the story from playing.
        var remarks: [Diagnostic]
    }

    /// Runs every check; the remarks only when `remarks` asks for them (`validate`), since
    /// finding unused strings reads the strings files again, for a position, and a story
    /// loaded to be played has no one to tell them to.
    func check(remarks: Bool) -> Findings {
        let ids = Self.once(book.chapters.map(\.id))
        let shown = Suggestion.few(ids)
        for reference in references where book.chapterIndex(reference.id) == nil {
            let hint = Suggestion.nameHint(for: reference.id, among: ids)
            report.error("there is no chapter \(named(reference.id))" + (hint.isEmpty ? "; the chapters are \(shown)" : hint),
                         at: reference.position)
        }
        let elsewhere = checkStrings()
        // A loop of jumps, or a test that never holds, would be told again as a story that
        // never ends.
        let told = report.diagnostics.count
        checkLoops()
        checkVariables()
        let whole = report.diagnostics.count == told
        checkRetries()
        checkUnreached()
        if whole { checkEnding() }
        return Findings(elsewhere: elsewhere, remarks: remarks ? unusedStrings() + placeholderWarnings() + uncheckedNote() + translationWarnings() : [])
    }

    /// `names` in order, those `first` picks before the others.
    static func sorted(_ names: some Sequence<String>, first: (String) -> Bool) -> [String] {
        names.sorted { (first($0) ? 0 : 1, $0) < (first($1) ? 0 : 1, $1) }
    }

    /// `names` each once, in the order they first come: a chapter defined twice, an ending
    /// given twice, is listed once (one defined twice is reported on its own).
    static func once(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// Every line id must be in the default language's strings, with a text (a translation
    /// that misses a line falls back to it, a warning of ``translationWarnings()``). A
    /// default language with no file at all is one problem, of the language, not one for
    /// each line: told at `pack.json`'s `defaultLanguage` when it is written there.
    private func checkStrings() -> [Diagnostic] {
        var elsewhere: [Diagnostic] = []
        let language = pack.manifest.defaultLanguage
        let lines = book.allLines
        if pack.strings[language] == nil, let first = lines.first {
            let file = pack.display("strings/\(language).json")
            let others = pack.strings.keys.sorted()
            let known = others.isEmpty ? nil : "a language the pack has strings for (\(Suggestion.few(others)))"
            if pack.manifestSource.positions["defaultLanguage"] != nil {
                elsewhere.append(pack.manifestSource.diagnostic(at: "defaultLanguage",
                    "there is no \(file), so the story's lines have no text in the default language; add it"
                        + (known.map { ", or name \($0)" } ?? "")))
            } else {
                // Not written in the pack's own pack.json: told at the first line to lack its text.
                report.error("line \(named(first.id)) has no text: there is no \(file), the file of the default language "
                    + "(\(language)); add it with the text of every line"
                    + (known.map { ", or set pack.json's 'defaultLanguage' to \($0)" } ?? ""), at: first.position)
            }
        }
        // The default language first, as the one every other falls back to.
        let languages = Self.sorted(pack.strings.keys, first: { $0 == language })
        // Ids whose default text may be empty, each once, checked after the loop.
        var texts: [(id: String, what: String)] = []
        var listed = Set<String>()
        for line in lines {
            // Only the default language's text is needed to play: another language lacking
            // it shows the default's (a warning of validate, ``translationWarnings()``), so
            // a translation in progress keeps no one from playing. One line missing from
            // several files is one mistake, told once, naming them all.
            if let strings = pack.strings[language], strings[line.id] == nil {
                let missing = languages.filter { pack.strings[$0]?[line.id] == nil }.map { pack.display("strings/\($0).json") }
                report.error("line \(named(line.id)) is missing from \(Suggestion.list(missing)); add its text "
                    + (missing.count == 1 ? "there" : "to each"), at: line.position)
            } else if line.voice == nil, listed.insert(line.id).inserted {
                // A line with a voice and no words (a sigh, a sting) is heard, not read.
                texts.append((line.id, "line"))
            }
            // A speaker is shown before every line of theirs: without a name in the default
            // language, the player reads its raw id (a translation without it falls back to
            // that name). Told once, at the first line naming it, however many lines do.
            guard let speaker = line.speaker, let strings = pack.strings[language] else { continue }
            guard strings[speaker] == nil else {
                if listed.insert(speaker).inserted { texts.append((speaker, "speaker")) }
                continue
            }
            let hint = speakerHint(for: speaker, among: strings)
            report.error("speaker \(named(speaker)) is missing from \(pack.display("strings/\(language).json")); add their "
                + "name there" + hint, at: line.speakerPosition, about: "\u{0}speaker\u{0}\(language)\u{0}\(speaker)")
        }
        return elsewhere + emptyDefaultTexts(texts)
    }

    /// The likely speaker id for `speaker`, missing from `strings`: a misspelt id, else the
    /// id whose name it is (an author may write the name shown, `Keeper`, for its id), one
    /// other lines give as their speaker first.
    private func speakerHint(for speaker: String, among strings: [String: String]) -> String {
        let hint = Suggestion.nameHint(for: speaker, among: strings.keys.sorted())
        guard hint.isEmpty else { return hint }
        let bearers = strings.keys.filter { strings[$0]?.lowercased() == speaker.lowercased() }
        let speakers = Set(book.allLines.compactMap(\.speaker))
        guard let id = Self.sorted(bearers, first: speakers.contains).first else { return "" }
        return " (did you mean '\(id)', whose name is \(quoted(strings[id] ?? speaker))?)"
    }

    /// A step's place: (chapter index, step index).
    struct Place: Hashable {
        var chapter: Int
        var step: Int
    }

    /// The first real step at or after (chapter, step), passing over chapter ends.
    func resolve(_ chapter: Int, _ step: Int) -> Place? {
        var c = chapter, s = step
        while c < book.chapters.count {
            if s < book.chapters[c].steps.count { return Place(chapter: c, step: s) }
            (c, s) = (c + 1, 0)
        }
        return nil
    }

    /// The first real step of the chapter `id`, or `nil` when there is none (no such
    /// chapter is told on its own; an empty one at the end leads nowhere).
    func start(of id: String) -> Place? {
        book.chapterIndex(id).flatMap { resolve($0, 0) }
    }

    /// Where a step can go without waiting for the player (levels, choices and ends wait
    /// or stop; a retry goes back into a level).
    private func successors(_ place: Place) -> [Place] {
        let next = resolve(place.chapter, place.step + 1)
        switch book.chapters[place.chapter].steps[place.step].kind {
        case .level, .choice, .end: return []
        case .cutscene, .set: return next.map { [$0] } ?? []
        case let .jump(id): return start(of: id).map { [$0] } ?? []
        case let .branch(_, .chapter(id)): return [next, start(of: id)].compactMap { $0 }
        case .branch(_, .retry): return next.map { [$0] } ?? []
        }
    }

    /// Walks every step depth first with an explicit stack, not recursion: a story of
    /// thousands of steps in a row must be checked, not overflow the stack.
    private func checkLoops() {
        /// A step being walked and how far through its successors the walk is.
        struct Frame {
            let place: Place
            let next: [Place]
            var index = 0
        }
        var state: [Place: Bool] = [:]  // false: on the path; true: done
        var stack: [Frame] = []
        var reported = Set<Set<Place>>()
        func enter(_ place: Place) {
            state[place] = false
            stack.append(Frame(place: place, next: successors(place)))
        }
        func reportLoop(from next: Place, at place: Place) {
            guard let from = stack.firstIndex(where: { $0.place == next }) else { return }
            let loop = stack[from...].map(\.place)
            guard reported.insert(Set(loop)).inserted else { return }
            // Told from the jump's own chapter, where the message points, round to it again.
            var chapters: [String] = []
            for p in [place] + loop where chapters.last != book.chapters[p.chapter].id {
                chapters.append(book.chapters[p.chapter].id)
            }
            let step = book.chapters[place.chapter].steps[place.step]
            report.error("this jump loops with no level or choice in between (\(chapters.joined(separator: " → "))), so the "
                + "story would never go on; put a level, a choice or an end in the loop", at: step.position)
        }
        for (c, chapter) in book.chapters.enumerated() {
            for s in chapter.steps.indices where state[Place(chapter: c, step: s)] == nil {
                enter(Place(chapter: c, step: s))
                while let top = stack.last {
                    guard top.index < top.next.count else {
                        stack.removeLast()
                        state[top.place] = true
                        continue
                    }
                    stack[stack.count - 1].index += 1
                    let next = top.next[top.index]
                    if state[next] == false {
                        reportLoop(from: next, at: top.place)
                    } else if state[next] == nil {
                        enter(next)
                    }
                }
            }
        }
    }
}
