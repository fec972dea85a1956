import Foundation
import Testing

@testable import EcholotModel

/// The JSON Schemas in docs/schema/ as an editor reads them.
enum ShippedSchema {
    /// The schema file `name` (`level` or `pack`), parsed.
    static func load(_ name: String) throws -> [String: Any] {
        let url = LoadingPaths.repositoryRoot.appendingPathComponent("docs/schema/\(name).schema.json")
        return try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    /// The subschema at `path` (object keys, or array indices as numbers).
    static func at(_ schema: [String: Any], _ path: [Any]) throws -> [String: Any] {
        var node: Any = schema
        for step in path {
            if let key = step as? String, let object = node as? [String: Any], let next = object[key] {
                node = next
            } else if let index = step as? Int, let array = node as? [Any], array.indices.contains(index) {
                node = array[index]
            } else {
                Issue.record("no \(step) in the schema on the way to \(path)")
                return [:]
            }
        }
        return try #require(node as? [String: Any])
    }

    /// Whether the subschema's `pattern` matches all of `text`, as an editor's ECMA-262
    /// search would find it (anchors are in the pattern).
    static func matches(_ subschema: [String: Any], _ text: String) throws -> Bool {
        let pattern = try #require(subschema["pattern"] as? String, "no pattern in \(subschema)")
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}

/// The schemas flag in an editor what `echolot validate` refuses, and no more: a level
/// designer trusts the editor's marks.
@Suite("Loading: the JSON Schemas agree with the engine")
struct SchemaAgreementTests {
    /// Ids a designer might write, valid and not.
    static let sampleIDs = ["bell", "big bell", "glöckchen", "_x", ".x", "-x", "a/b", "a\\b", "a.b-c_d",
                            "9", "Bell2", "a:b", "x\u{301}"]

    @Test func idPatternsAreTheEngines() throws {
        let level = try ShippedSchema.load("level")
        let pack = try ShippedSchema.load("pack")
        let places: [(String, [String: Any])] = [
            ("level id", try ShippedSchema.at(level, ["properties", "id"])),
            ("entity id", try ShippedSchema.at(level, ["$defs", "entity", "properties", "id"])),
            ("rule id", try ShippedSchema.at(level, ["$defs", "rule", "properties", "id"])),
            ("level id in pack.json", try ShippedSchema.at(pack, ["$defs", "levelId"])),
            ("scenario id", try ShippedSchema.at(pack, ["$defs", "scenario", "properties", "id"])),
            ("unlock after", try ShippedSchema.at(pack, ["$defs", "unlock", "oneOf", 1, "properties", "after"])),
        ]
        for (what, subschema) in places {
            for id in Self.sampleIDs {
                #expect(try ShippedSchema.matches(subschema, id) == Identifiers.isValidID(id), "\(what): \(id)")
            }
        }
        let parameterLevels = try ShippedSchema.at(pack, ["properties", "parameters", "propertyNames"])
        #expect(parameterLevels["$ref"] as? String == "#/$defs/levelId")
    }

    @Test func apiRangeIsTheEngines() throws {
        let api = try ShippedSchema.at(try ShippedSchema.load("pack"), ["properties", "api"])
        #expect(api["minimum"] as? Int == ManifestReader.supportedAPI.lowerBound)
        #expect(api["maximum"] as? Int == ManifestReader.supportedAPI.upperBound)
    }

    /// An entity's action is sent as a rule's emit would be: the schema flags the names
    /// `validate` refuses.
    @Test func entityActionNamesAreWhatRulesMayEmit() throws {
        let action = try ShippedSchema.at(try ShippedSchema.load("level"),
                                          ["$defs", "entityAction", "properties", "action"])
        for name in ["goal.met", "goal.failed", "level.won", "level.lost", "pack.bell", "pack.door.open", "story.jump",
                     "select", "start", "goal.mett", "pakc.bell", "entity.selected", "achievement.earned",
                     "level.started", "Pack.x", "xpack.y", "apack.x", "level.won2"] {
            #expect(try ShippedSchema.matches(action, name) == (ActionName.problem(emitting: name) == nil), "\(name)")
        }
    }

    @Test func seedRangeIsTheEngines() throws {
        let seed = try ShippedSchema.at(try ShippedSchema.load("level"), ["properties", "seed"])
        #expect(seed["minimum"] as? Int == 0)
        #expect(seed["maximum"] as? Int == LevelReader.largestSeed)
    }

    @Test func parameterValuesMustNotBeNull() throws {
        let values = try ShippedSchema.at(try ShippedSchema.load("pack"),
                                          ["properties", "parameters", "additionalProperties", "additionalProperties"])
        let each = try #require(values["additionalProperties"] as? [String: Any])
        #expect((each["not"] as? [String: Any])?["type"] as? String == "null")
        // And the engine refuses one.
        let pack = TempPack([
            "pack.json": #"{ "id": "t", "name": "T", "version": "1.0.0", "api": 1, "extends": "tutorial", "#
                + #""parameters": { "first-sound": { "find": { "entity": null } } } }"#,
        ])
        #expect(pack.problems.contains {
            $0.hasSuffix("parameters.first-sound.find.entity: expected a value, found null")
        })
    }
}
