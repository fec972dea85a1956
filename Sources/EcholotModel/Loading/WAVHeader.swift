/// The first bytes of a WAV file, as every check that tells one apart reads them: the
/// input-log reader (a WAV given as a log), `render --out` (what it may replace) and the
/// sound check (a truncated RIFF file).
public enum WAVHeader {
    /// Whether `head` begins a WAV file: `RIFF`, a length, `WAVE`.
    public static func begins(_ head: some Collection<UInt8>) -> Bool {
        let bytes = Array(head.prefix(12))
        return bytes.count == 12 && bytes[0 ..< 4].elementsEqual("RIFF".utf8) && bytes[8 ..< 12].elementsEqual("WAVE".utf8)
    }
}
