import Foundation

/// A time of day as the `clock {hour, minute}` action carries it: what stories read to
/// greet the player by day part or say the time in words (seed 003, the text clock).
///
/// It comes from an action, never from a clock inside the state path, so a recorded game
/// replays at the time of day it was played.
public struct TimeOfDay: Sendable, Equatable, Hashable {
    /// 0…23.
    public let hour: Int
    /// 0…59.
    public let minute: Int

    /// A time of day; `nil` unless 0 ≤ hour ≤ 23 and 0 ≤ minute ≤ 59.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// The time written `HH:MM` as `--time` and transcripts write it, or `H:MM` as people
    /// often write a morning hour (`7:30`).
    public init?(text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
              let hour = Int(parts[0]), let minute = Int(parts[1]) else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// 12:00.
    public static let noon = TimeOfDay(uncheckedHour: 12, minute: 0)

    private init(uncheckedHour hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    /// `HH:MM`.
    public var text: String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    /// The part of the day (``DayPart/init(hour:)``).
    public var dayPart: DayPart { DayPart(hour: Double(hour)) }

    /// The time on the five-minute grid the text clock speaks: minutes ending in 1–2 round
    /// down, 3–4 up (to 5), 6–7 down (to 5), 8–9 up — so 12:22 is 12:20 and 17:53 is 17:55.
    public var rounded: (hour: Int, minute: Int) {
        let step = (minute + 2) / 5 * 5
        return step == 60 ? ((hour + 1) % 24, 0) : (hour, step)
    }

    /// The time in words in `language`, a code as `--lang` writes it: German for `de`
    /// (`de-AT`, `DE`, `de_CH`), English for any other, as Echolot's own sentences fall back.
    public func words(language: String) -> String {
        Self.spoken(language) == "de" ? german : english
    }

    /// The languages the time is said in.
    public static let languages = ["en", "de"]

    /// The one of ``languages`` that `language` is (`de` for `de-AT`), or nil.
    public static func spoken(_ language: String) -> String? {
        guard let primary = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first?.lowercased(),
              languages.contains(primary) else { return nil }
        return primary
    }

    /// The placeholder name a story line's text writes, `{time}`, for the time in words,
    /// said in the player's language when the line begins.
    public static let placeholder = "time"

    /// `text` with each `{time}` written as this time in words in `language` (the text's
    /// own), read as ``Placeholders`` reads a goal string's fields; any other `{name}`
    /// stays as written. In a language the time is not said in (`fr`) it is written
    /// `HH:MM`, which reads in any language, rather than English words inside a French line.
    public func said(in text: String, language: String) -> String {
        let said = Self.spoken(language) == nil ? self.text : words(language: language)
        return Placeholders.fill(text) { $0 == Self.placeholder ? said : nil }
    }

    /// The characters of `text` as a line says it, each `{time}` as the longest time in
    /// words: a line's reading time is fixed at load, the same at any hour of any replay.
    public static func spokenLength(of text: String) -> Int {
        text.count + Placeholders.names(in: text).count(where: { $0 == placeholder }) * (longestInWords - placeholder.count - 2)
    }

    /// Characters in the longest time in words of any language.
    private static let longestInWords: Int = (0..<24).flatMap { hour in
        stride(from: 0, to: 60, by: 5).compactMap { TimeOfDay(hour: hour, minute: $0) }
    }.flatMap { [$0.english.count, $0.german.count] }.max() ?? 0

    /// "fünf vor neun", "Viertel nach zehn", "fünf nach halb sechs", "Punkt zwölf".
    public var german: String {
        let (h, m) = rounded
        let names = ["zwölf", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn", "elf"]
        let this = names[h % 12], next = names[(h + 1) % 12]
        switch m {
        case 0: return "Punkt \(this)"
        case 5: return "fünf nach \(this)"
        case 10: return "zehn nach \(this)"
        case 15: return "Viertel nach \(this)"
        case 20: return "zwanzig nach \(this)"
        case 25: return "fünf vor halb \(next)"
        case 30: return "halb \(next)"
        case 35: return "fünf nach halb \(next)"
        case 40: return "zwanzig vor \(next)"
        case 45: return "Viertel vor \(next)"
        case 50: return "zehn vor \(next)"
        default: return "fünf vor \(next)"
        }
    }

    /// "five to nine", "quarter past ten", "twenty-five to six", "twelve o'clock".
    public var english: String {
        let (h, m) = rounded
        let names = ["twelve", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven"]
        let this = names[h % 12], next = names[(h + 1) % 12]
        let minutes = [5: "five", 10: "ten", 15: "quarter", 20: "twenty", 25: "twenty-five", 30: "half"]
        switch m {
        case 0: return "\(this) o'clock"
        case ...30: return "\(minutes[m]!) past \(this)"
        default: return "\(minutes[60 - m]!) to \(next)"
        }
    }
}

/// The five parts of the day a story can vary by.
public enum DayPart: String, Sendable, CaseIterable {
    /// 06:00–11:00.
    case morning
    /// 11:00–13:00.
    case noon
    /// 13:00–18:00.
    case afternoon
    /// 18:00–22:00.
    case evening
    /// 22:00–06:00.
    case night

    /// The full hour the part begins at; it lasts up to the next part's start.
    public var start: Int {
        switch self {
        case .morning: 6
        case .noon: 11
        case .afternoon: 13
        case .evening: 18
        case .night: 22
        }
    }

    /// The part of the day at `hour` (0 up to 24, a fraction within its hour): the one
    /// place the parts' bounds are read, for the story clock and for a rule's
    /// `echolot.timeOfDay`. Any other value, such as NaN, is night.
    public init(hour: Double) {
        self = Self.allCases.last { Double($0.start) <= hour } ?? .night
    }
}
