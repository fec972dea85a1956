/// The titles of the engine's standard achievements (`scripts/achievements/`), whose
/// scripts title them in English.
extension Words {
    /// Each standard achievement's title as its script gives it, by id.
    static let standardAchievementTitles = [
        "firstWin": "First Win", "flawless": "Flawless", "quickEar": "Quick Ear", "fullCircle": "Full Circle",
    ]

    /// The title of standard achievement `id` in these words, when `title` is the one its
    /// script gives (a pack that registers its own under that id titles it itself); nil
    /// for any other.
    public func standardAchievement(_ id: String, title: String?) -> String? {
        guard let english = Self.standardAchievementTitles[id], title == english else { return nil }
        switch language {
        case .english: return english
        case .german:
            return ["firstWin": "Erster Sieg", "flawless": "Makellos", "quickEar": "Schnelles Ohr",
                    "fullCircle": "Einmal rundherum"][id]
        }
    }
}
