/// The engine's own Lua code, compiled into the binary: the sandbox, value checks, the
/// state mirror, the registration API and the drivers, in the order they must run.
enum EngineChunks {
    /// Chunk name and source text of each part.
    static var all: [(name: String, source: [UInt8])] {
        [
            ("=echolot.sandbox", PackageResources.sandbox_lua),
            ("=echolot.values", PackageResources.values_lua),
            ("=echolot.mirror", PackageResources.mirror_lua),
            ("=echolot.api", PackageResources.api_lua),
            ("=echolot.driver", PackageResources.driver_lua),
        ]
    }
}
