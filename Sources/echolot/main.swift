import ArgumentParser
import EcholotModel
import EcholotScript
import EcholotTerminal
import Foundation

// Usage errors exit 2 and failures exit 1 (the command-line contract), so the exit code is
// chosen here rather than left to ArgumentParser, whose usage code is 64.
if let undecodable = Echolot.undecodableArgument(CommandLine.unsafeArgv, count: CommandLine.argc) {
    writeIgnoringFailure(undecodable + "\n", to: STDERR_FILENO)
    exit(2)
}
do {
    var command = try Echolot.parseAsRoot()
    if command is LoadsStandardRules, let problem = StandardRules.explicitFolderProblem() {
        writeIgnoringFailure("error: \(problem)\n", to: STDERR_FILENO)
        exit(1)
    }
    try command.run()
} catch {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if let misuse = NewCommand.misuse(arguments) ?? Echolot.unknownCommand(arguments) {
        writeIgnoringFailure(misuse + "\n", to: STDERR_FILENO)
        exit(2)
    }
    let code = Echolot.exitCode(for: error)
    if code == .success || code == ExitCode(1) || error is CleanExit {
        Echolot.exit(withError: error)
    }
    if code == .validationFailure {
        // The parser quotes what it refuses whole; it is echoed as every message echoes an argument.
        let message = MessageText.echoingArguments(Echolot.fullMessage(for: error), Array(CommandLine.arguments.dropFirst()))
        writeIgnoringFailure(message + "\n", to: STDERR_FILENO)
        exit(2)
    }
    Echolot.exit(withError: error)
}
