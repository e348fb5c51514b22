import Testing

extension Tag {
    /// Tests that parse and expand whole protocols with swift-syntax in memory: no disk, no process, no
    /// waiting, but about 100 ms each under coverage, most of it swift-syntax's parsing and formatting.
    /// `.litmus-audit.json` gives them a budget of their own (docs/TESTING.md).
    @Tag static var parsing: Self

    /// Tests that run the toolchain: `swift symbolgraph-extract` through scripts/standard-protocols, and
    /// `swiftc` on generated doubles (StandardProtocolTableTests).
    @Tag static var endToEnd: Self
}
