import COpenAL
import EcholotModel

/// The OpenAL listener, turned to the view: at the origin, facing the view center's
/// azimuth and elevation. Turning the head is one listener update, however many sources.
enum Listener {
    /// Faces the listener the way the view looks.
    static func face(_ view: View) throws {
        let center = Geometry.normalize(azimuth: view[ViewKeys.center])
        let elevation = Geometry.clamp(elevation: view[ViewKeys.elevation])
        // "At" is the direction the contract assigns to the view center; "up" is the same
        // direction tilted a further 90° up, which keeps the two perpendicular.
        let at = Geometry.cartesian(relativeAzimuth: center, elevation: elevation, distance: 1)
        let up = Geometry.cartesian(relativeAzimuth: center, elevation: elevation + 90, distance: 1)
        var orientation: [ALfloat] = [Float(at.x), Float(at.y), Float(at.z), Float(up.x), Float(up.y), Float(up.z)]
        alListenerfv(AL_ORIENTATION, &orientation)
        try OpenALCheck.al("alListener (orientation)")
    }
}
