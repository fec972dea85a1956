import EcholotTestSupport
import Foundation

/// Runs `echolot` with `arguments` in `directory` (the repository root by default).
func echolot(_ arguments: [String], in directory: URL = repositoryRoot, stdin: String? = nil) throws -> ProcessOutput {
    try runEcholot(arguments, in: directory, stdin: stdin)
}
