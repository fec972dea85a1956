import COpenAL

/// Checking OpenAL's sticky error flags: every call that can fail is followed by one of
/// these, because OpenAL reports failure only through `alGetError`/`alcGetError`.
enum OpenALCheck {
    /// Throws if the last AL calls on the current context raised an error.
    static func al(_ call: @autoclosure () -> String) throws {
        let code = alGetError()
        guard code != AL_NO_ERROR else { return }
        throw AudioError.openAL(call: call(), message: alErrorText(code))
    }

    /// Throws if the last ALC calls on `device` raised an error.
    static func alc(_ device: OpaquePointer?, _ call: @autoclosure () -> String) throws {
        let code = alcGetError(device)
        guard code != ALC_NO_ERROR else { return }
        throw AudioError.openAL(call: call(), message: alcErrorText(device, code))
    }

    /// Forgets any error left by earlier calls, so the next check blames the right call.
    static func clear() { _ = alGetError() }

    /// OpenAL's name for an AL error code.
    static func alErrorText(_ code: ALenum) -> String {
        if let text = alGetString(code) { return String(cString: text) }
        return "AL error 0x\(String(code, radix: 16))"
    }

    /// OpenAL's name for an ALC error code.
    static func alcErrorText(_ device: OpaquePointer?, _ code: ALCenum) -> String {
        if let text = alcGetString(device, code) { return String(cString: text) }
        return "ALC error 0x\(String(code, radix: 16))"
    }
}
