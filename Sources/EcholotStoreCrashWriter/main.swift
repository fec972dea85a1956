// `EcholotStoreCrashWriter PROFILE [COUNT]`: records runs into PROFILE as fast as it can
// and prints each run's id on its own line once its transaction has committed. The crash
// test kills it with SIGKILL mid-write and then checks that every printed id survived.
import EcholotCore
import EcholotStore
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: EcholotStoreCrashWriter PROFILE [COUNT]\n".utf8))
    exit(2)
}
let limit = arguments.count >= 3 ? Int(arguments[2]) ?? Int.max : Int.max
let profile: Profile
do {
    profile = try Profile.open(at: URL(fileURLWithPath: arguments[1]))
} catch {
    FileHandle.standardError.write(Data((error.description + "\n").utf8))
    exit(1)
}
var written = 0
while written < limit {
    let finished = FinishedRun(
        run: Run(recordedAt: Date(), packID: "crash", packVersion: "1.0.0", levelID: "level-\(written % 7)",
                 outcome: written % 3 == 0 ? .lost : .won, score: written % 1000, seconds: Double(written % 60),
                 misses: written % 4, seed: written, parameters: #"{"goals":{},"scoring":null}"#),
        tags: [TagCount(tag: "bird", found: written % 3, present: 3)],
        achievements: ["crash-\(written % 50)": ["n": .int(written)]])
    do {
        let recording = try profile.record(finished)
        // One write(2) per line, unbuffered: a committed id reaches the parent before the
        // next transaction starts, and a kill cannot leave it in a buffer.
        FileHandle.standardOutput.write(Data("\(recording.run.id ?? -1)\n".utf8))
    } catch {
        FileHandle.standardError.write(Data((error.description + "\n").utf8))
        exit(1)
    }
    written += 1
}
