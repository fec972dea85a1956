import Testing

/// Every test that opens an OpenAL device lives under this suite: OpenAL's current context
/// is process-global, so these tests run one after another (`.serialized` applies to the
/// nested suites too), while decoding and translator tests run in parallel.
@Suite(.serialized) struct OpenAL {}
