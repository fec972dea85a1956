import PropertyBased
import Testing

@testable import EcholotModel

@Suite struct GeometryTests {
    @Test func normalisedAzimuthsLieInRangeAndKeepTheDirection() async {
        await propertyCheck(input: Gen.double(in: -1e7...1e7)) { azimuth in
            let n = Geometry.normalize(azimuth: azimuth)
            #expect(n >= 0 && n < 360)
            // Same direction: the difference is a whole number of turns.
            let turns = (azimuth - n) / 360
            #expect(abs(turns - turns.rounded()) < 1e-6)
            #expect(Geometry.normalize(azimuth: n) == n)
        }
    }

    @Test func relativeAzimuthsLieInTheHalfOpenRange() async {
        await propertyCheck(input: Gen.double(in: -720...720), Gen.double(in: -720...720)) { azimuth, center in
            let r = Geometry.relative(azimuth: azimuth, center: center)
            #expect(r > -180 && r <= 180)
            #expect(Geometry.normalize(azimuth: center + r).isApproximately(Geometry.normalize(azimuth: azimuth)))
        }
    }

    @Test func contractExamples() {
        #expect(Geometry.normalize(azimuth: 360) == 0)
        #expect(Geometry.normalize(azimuth: -90) == 270)
        #expect(Geometry.normalize(azimuth: 725) == 5)
        #expect(Geometry.normalize(azimuth: -0.0).sign == .plus)
        #expect(Geometry.relative(azimuth: 180, center: 0) == 180)  // behind is +180, not −180
        #expect(Geometry.relative(azimuth: 270, center: 0) == -90)
        #expect(Geometry.relative(azimuth: 10, center: 350) == 20)
        let right = Geometry.cartesian(relativeAzimuth: 90, elevation: 0, distance: 2)
        #expect(abs(right.x - 2) < 1e-12 && abs(right.z) < 1e-12)
        let ahead = Geometry.cartesian(relativeAzimuth: 0, elevation: 0, distance: 1.5)
        #expect(abs(ahead.z + 1.5) < 1e-12)
        let up = Geometry.cartesian(relativeAzimuth: 0, elevation: 90, distance: 1)
        #expect(abs(up.y - 1) < 1e-12)
    }
}

extension Double {
    /// Equal up to rounding, treating 0 and 360 as one direction.
    func isApproximately(_ other: Double) -> Bool {
        let d = abs(self - other)
        return d < 1e-9 || abs(d - 360) < 1e-9
    }
}
