import Foundation

extension PackLibrary {
    /// The refusal of `pack`, found elsewhere, when a shipped pack has its id: at its
    /// `pack.json`'s `id`. `install` refuses such a pack, so `pack` must not archive one to
    /// share; nil for the shipped pack itself, or an id no shipped pack has.
    public func shippedIDProblem(of pack: Pack) -> Diagnostic? {
        let own = pack.root.standardizedFileURL.resolvingSymlinksInPath().path
        guard let shipped = entries.first(where: { $0.id == pack.id && $0.origin == .shipped }),
              shipped.url.standardizedFileURL.resolvingSymlinksInPath().path != own else { return nil }
        return Diagnostic(path: pack.display("pack.json"), at: pack.manifestSource.position(of: "id"),
                          message: "id: pack id \(quoted(pack.id)) belongs to the shipped pack at \(shipped.url.path); "
                              + "a pack cannot take another pack's id")
    }
}
