import Foundation

/// Why a file could not be written, in the system's words ("Is a directory", "No space
/// left on device"): Foundation's own description of a failed write is a dump of its
/// error domains, not a sentence a player can act on.
public enum FileErrorText {
    /// The sentence for `error`.
    public static func describe(_ error: any Error) -> String {
        var current = error as NSError
        // The POSIX error at the bottom of the chain says what happened.
        while current.domain != NSPOSIXErrorDomain, let underlying = current.userInfo[NSUnderlyingErrorKey] as? any Error {
            current = underlying as NSError
        }
        if current.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(current.code))) }
        return error.localizedDescription
    }
}
