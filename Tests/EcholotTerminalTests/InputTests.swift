#if canImport(Glibc)
import Glibc
#endif
import EcholotCore
import EcholotModel
@testable import EcholotTerminal
import Testing

/// Head poses, the UDP receiver, steering and the input-source argument.
@Suite struct InputTests {
    @Test func aPoseRoundTripsThroughItsDatagram() {
        let pose = HeadPose(x: 1, y: -2, z: 3.5, yaw: 60, pitch: -10, roll: 7.25)
        let parsed = pose.datagram.withUnsafeBytes { HeadPose.parse($0) }
        #expect(parsed == .success(pose))
    }

    @Test(arguments: [0, 1, 47, 49, 96, 1500])
    func wrongSizesAreRejected(size: Int) {
        let bytes = [UInt8](repeating: 0, count: size)
        #expect(bytes.withUnsafeBytes { HeadPose.parse($0) } == .failure(.init(.wrongSize)))
    }

    @Test func nonFiniteAndAbsurdValuesAreRejected() {
        for bad in [HeadPose(yaw: .nan), HeadPose(yaw: 0, roll: -.infinity), HeadPose(x: .nan, yaw: 0)] {
            #expect(bad.datagram.withUnsafeBytes { HeadPose.parse($0) } == .failure(.init(.notFinite)))
        }
        for bad in [HeadPose(yaw: 361), HeadPose(yaw: 0, pitch: -1e300), HeadPose(z: 1e9, yaw: 0)] {
            #expect(bad.datagram.withUnsafeBytes { HeadPose.parse($0) } == .failure(.init(.outOfRange)))
        }
    }

    @Test func theReceiverKeepsTheLatestGoodPose() throws {
        let receiver = try OpenTrackReceiver(host: "127.0.0.1", port: 0)
        let port = try #require(receiver.address.split(separator: ":").last.flatMap { UInt16($0) })
        #expect(port != 0)
        let sender = try OpenTrackSender(port: port)
        sender.send(HeadPose(yaw: 10).datagram)
        sender.send([1, 2, 3])
        sender.send(HeadPose(yaw: .nan).datagram)
        sender.send(HeadPose(yaw: 20, pitch: 5).datagram)
        sender.send(Array(repeating: 7, count: 200))
        var pose: HeadPose?
        let deadline = MonotonicClock.now() + 10
        while receiver.received + receiver.rejectedCount < 5, MonotonicClock.now() < deadline {
            pose = try receiver.drain() ?? pose
            usleep(2000)
        }
        #expect(pose == HeadPose(yaw: 20, pitch: 5))
        #expect(receiver.received == 2)
        #expect(receiver.rejected == [.wrongSize: 2, .notFinite: 1])
        #expect(try receiver.drain() == nil)
    }

    @Test func aBusyPortIsASystemError() throws {
        let first = try OpenTrackReceiver(host: "127.0.0.1", port: 0)
        let port = try #require(first.address.split(separator: ":").last.flatMap { UInt16($0) })
        #expect(throws: SystemError.self) { try OpenTrackReceiver(host: "127.0.0.1", port: port) }
        let unknown = #expect(throws: SystemError.self) { try OpenTrackReceiver(host: "999.1.1.1", port: 0) }
        // The resolver's own words, with no errno text that belongs to no call.
        #expect(unknown?.description.hasPrefix("cannot resolve '999.1.1.1': ") == true)
        #expect(unknown?.description.contains("Invalid argument") == false, "\(unknown?.description ?? "")")
    }

    @Test func inputSourceArguments() {
        #expect(InputSource(argument: "keys") == .keys)
        #expect(InputSource(argument: "opentrack") == .openTrack(host: "127.0.0.1", port: 4242))
        #expect(InputSource(argument: "opentrack:5000") == .openTrack(host: "127.0.0.1", port: 5000))
        #expect(InputSource(argument: "opentrack:0.0.0.0:4243") == .openTrack(host: "0.0.0.0", port: 4243))
        for bad in ["", "mouse", "opentrack:", "opentrack:99999", "opentrack:x", "keys:1", "opentrack::1"] {
            #expect(InputSource(argument: bad) == nil, "\(bad)")
        }
    }

    @Test func keysTurnByStepsAndSmoothlyWhenHeld() {
        let session = LevelSession(store: tutorialStore("first-sound"))
        let steering = Steering(session: session)
        session.begin()
        #expect(steering.key(.right, at: 0))
        session.tick()
        #expect(session.heading == 15)
        #expect(steering.key(.fineLeft, at: 1))
        session.tick()
        #expect(session.heading == 12)
        // Repeats 30 ms apart: held, so the view turns at the hold rate per tick.
        _ = steering.key(.right, at: 2)
        _ = steering.key(.right, at: 2.03)
        #expect(steering.isHolding)
        let before = session.heading
        steering.beforeTick(at: 2.04)
        session.tick()
        #expect(abs(session.heading - before - 120.0 / 60) < 1e-9, "one tick at the hold rate")
        steering.beforeTick(at: 2.5)
        #expect(!steering.isHolding)
        #expect(!steering.key(.space, at: 3))
    }

    /// A loop that was busy reads taps late and together: they were pressed at any time
    /// since input was last read, so they are taps unless that was under `holdGap` ago.
    @Test func tapsReadTogetherAfterABusyLoopAreSteps() {
        let session = LevelSession(store: tutorialStore("first-sound"))
        let steering = Steering(session: session)
        session.begin()
        for _ in 0 ..< 3 { _ = steering.key(.right, at: 1.3, since: 1.0) }
        _ = steering.key(.right, at: 1.35, since: 1.3)
        #expect(!steering.isHolding)
        session.tick()
        #expect(session.heading == 60, "four taps, four steps")
        // Read in time, repeats 30 ms apart are a held key…
        _ = steering.key(.left, at: 2.0, since: 1.99)
        _ = steering.key(.left, at: 2.03, since: 2.0)
        #expect(steering.isHolding)
        session.tick()
        #expect(session.heading == 45, "the first press is a step")
        // …and it stays held through a busy stretch: these repeats may have come while
        // it was still turning, so they do not jump by steps.
        let before = session.heading
        for _ in 0 ..< 5 { _ = steering.key(.left, at: 2.4, since: 2.1) }
        #expect(steering.isHolding)
        session.tick()
        #expect(session.heading == before)
        // Once let go, a tap after the hold ran out is a step again.
        steering.beforeTick(at: 3)
        _ = steering.key(.left, at: 3.2, since: 3.1)
        #expect(!steering.isHolding)
        session.tick()
        #expect(session.heading == before - 15)
    }

    /// A loop slowed to one turn every 50 ms reads a held key's repeats (every 50 ms) one
    /// at a time, each 100 ms after the earliest the one before can have come: no single
    /// gap shows the hold, two together do (100 ms for two gaps, under 2 × 90 ms).
    @Test func aHeldKeyReadBySlowTurnsOfTheLoopIsHeld() {
        let session = LevelSession(store: tutorialStore("first-sound"))
        let steering = Steering(session: session)
        session.begin()
        _ = steering.key(.right, at: 0, since: -0.05)          // the press
        var read = 0.51                                         // its repeats, from 0.5 s
        for _ in 0 ..< 3 {
            _ = steering.key(.right, at: read, since: read - 0.05)
            read += 0.05
        }
        #expect(steering.isHolding)
        session.tick()
        #expect(session.heading == 45, "the press and two repeats were steps, until the hold showed")
        for _ in 0 ..< 10 {
            _ = steering.key(.right, at: read, since: read - 0.05)
            read += 0.05
        }
        session.tick()
        #expect(steering.isHolding)
        #expect(session.heading == 45, "then it turns only at the hold rate, in beforeTick")
    }

    @Test func theTrackerSetsTheHeadingAndTheKeysShiftIt() {
        let session = LevelSession(store: tutorialStore("first-sound"))
        let steering = Steering(session: session)
        session.begin()
        steering.pose(HeadPose(yaw: 60, pitch: 10))
        #expect(session.heading == 60)
        #expect(session.elevation == 10)
        session.tick()
        _ = steering.key(.right, at: 0)
        #expect(session.heading == 75)
        session.tick()
        steering.pose(HeadPose(yaw: -10, pitch: 10))
        #expect(session.heading == 5)
    }

    @Test func tiltModeTurnsAtARateSetByTheRoll() {
        var settings = SteeringSettings()
        settings.tiltTurns = true
        let session = LevelSession(store: tutorialStore("first-sound"))
        let steering = Steering(session: session, settings: settings)
        #expect(steering.tiltRate(roll: 3) == 0)
        #expect(steering.tiltRate(roll: -35) == -120)
        #expect(steering.tiltRate(roll: 90) == 120)
        #expect(abs(steering.tiltRate(roll: 20) - 60) < 1e-9)
        session.begin()
        steering.pose(HeadPose(yaw: 90, roll: 35))
        #expect(session.heading == 0, "in tilt mode the yaw does not steer")
        for tick in 0 ..< 30 {
            steering.beforeTick(at: Double(tick) / 60)
            session.tick()
        }
        #expect(abs(session.heading - 60) < 1e-6, "half a second at 120°/s")
    }
}
