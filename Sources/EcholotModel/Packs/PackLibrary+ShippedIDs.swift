import Foundation

extension PackLibrary {
    /// The refusal of `pack`, found elsewhere, when a shipped pack has its id: at its
    /// `pack.json`'s `id`. `install` refuses such a pack, so `pack` must not archive one to
    /// share; nil for the shipped pack itself, or an id no shipped pack has. As a
    /// `.warning`, what `validate` says of it: the copy plays from its folder.
    public func shippedIDProblem(of pack: Pack, severity: Diagnostic.Severity = .error) -> Diagnostic? {
        let own = pack.root.standardizedFileURL.resolvingSymlinksInPath().path
        guard let shipped = entries.first(where: { $0.id == pack.id && $0.origin == .shipped }),
              shipped.url.standardizedFileURL.resolvingSymlinksInPath().path != own else { return nil }
        let taken = "id: pack id \(quoted(pack.id)) belongs to the shipped pack at \(shipped.url.path); "
        let why = severity == .error ? "a pack cannot take another pack's id"
            : "`echolot pack` and `install` refuse a pack that takes another's id, so give this one an id of its own before sharing it"
        return Diagnostic(path: pack.display("pack.json"), at: pack.manifestSource.position(of: "id"), message: taken + why,
                          severity: severity)
    }
}
