import ArgumentParser

/// The `echolot` command: play, run, validate and inspect Echolot packs.
struct Echolot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "echolot",
        abstract: "An engine for acoustic-localization games: hear, turn, select.",
        subcommands: [
            ValidateCommand.self,
            TestCommand.self,
            RunCommand.self,
            RenderCommand.self,
            PlayCommand.self,
            ReplayCommand.self,
            StatsCommand.self,
            InstallCommand.self,
            PacksCommand.self,
            PackCommand.self,
            NewCommand.self,
        ]
    )
}
