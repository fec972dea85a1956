import Testing
@testable import EcholotScript

@Suite struct BridgeTests {
    @Test func createsAState() throws {
        let vm = try LuaVM(limits: ScriptLimits())
        #expect(vm.memoryInUse > 0)
    }
}
