/// What is wrong with a sound file: a sentence that names no path, so that the validator
/// can place it at the level file's line and the runtime at the sound's path.
public struct AudioAssetError: Error, Equatable, CustomStringConvertible {
    /// The sentence.
    public let message: String

    /// Creates an error with a sentence.
    public init(_ message: String) { self.message = message }

    /// The sentence.
    public var description: String { message }
}
