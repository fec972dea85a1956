import CLua
import CLuaBridge

/// Registry references to what the engine chunks export.
struct EngineRefs {
    // The engine table and, from it, the functions and tables Swift calls or reads.
    var engine: Int32 = LUA_NOREF
    var run: Int32 = LUA_NOREF
    var drop: Int32 = LUA_NOREF
    var env: Int32 = LUA_NOREF
    var runscript: Int32 = LUA_NOREF
    var describe: Int32 = LUA_NOREF
    var validate: Int32 = LUA_NOREF
    var batch: Int32 = LUA_NOREF
    var log: Int32 = LUA_NOREF
    var died: Int32 = LUA_NOREF
    var emits: Int32 = LUA_NOREF
    var failMeta: Int32 = LUA_NOREF
    var dataEnv: Int32 = LUA_NOREF
    var dataProblem: Int32 = LUA_NOREF

    /// Reads the fields of the engine table (a plain table: no metamethods can run).
    mutating func load(from vm: LuaVM) {
        let L = vm.L
        func field(_ name: String) -> Int32 {
            clua_getref(L, engine)
            vm.push(name)
            lua_rawget(L, -2)
            let ref = clua_ref(L)
            clua_pop(L, 1)
            return ref
        }
        run = field("run")
        drop = field("drop")
        env = field("env")
        runscript = field("runscript")
        describe = field("describe")
        validate = field("validate")
        batch = field("batch")
        log = field("log")
        died = field("died")
        emits = field("emits")
        failMeta = field("failmeta")
        dataEnv = field("dataenv")
        dataProblem = field("dataproblem")
        vm.listMetatableRef = field("listMT")
        vm.dataOfRef = field("dataOf")
    }
}

/// A rule ready to run: its Lua batch (which caches the rule's instances in the level)
/// and its description. The batch is released from the Lua registry with the last store
/// that uses it.
final class Batch {
    /// Registry reference to the Lua batch table.
    let ref: Int32
    /// The rule.
    let rule: RuleDescriptor
    private let vm: LuaVM

    /// Takes ownership of the registry reference `ref`.
    init(ref: Int32, rule: RuleDescriptor, vm: LuaVM) {
        self.ref = ref
        self.rule = rule
        self.vm = vm
    }

    deinit {
        clua_unref(vm.L, ref)  // a registry slot freed: no Lua code runs, nothing can raise
    }
}
