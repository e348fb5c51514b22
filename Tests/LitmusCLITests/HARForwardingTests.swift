#if os(Linux)
    import Foundation
    import LitmusSupport
    import Testing

    @Suite("litmus har …: runs litmus-har beside litmus, or names the fix when it is missing", .tags(.endToEnd))
    struct HARForwardingTests {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

        /// Runs `executable` with `arguments` and `environment` set over this process's own.
        func run(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) async throws
            -> ChildProcessResult
        {
            try await ChildProcess.run(
                executable, arguments, in: FileManager.default.temporaryDirectory, environment: environment,
                timeout: 600)
        }

        @Test("litmus har inspect FILE prints what litmus-har inspect FILE prints, and exits as it does")
        func forwards() async throws {
            let litmus = try #require(
                BuiltExecutable.named("litmus"), "build the litmus executable first (swift build)")
            let tool = try #require(BuiltExecutable.named("litmus-har"), "build litmus-har first (swift build)")
            let file = fixtures.appendingPathComponent("login.har").path

            let forwarded = try await run(litmus, ["har", "inspect", file])
            let direct = try await run(tool, ["inspect", file])
            let missing = try await run(litmus, ["har", "inspect", "/no/such/file.har"])

            #expect(forwarded.status == 0)
            #expect(forwarded.output.contains("\(file): 3 entries"))
            // The age line differs by the seconds between the two runs at most; the rest is the same text.
            #expect(
                forwarded.output.split(separator: "\n").dropLast() == direct.output.split(separator: "\n").dropLast())
            #expect(missing.status == 2)
            #expect(missing.output.contains("litmus-har inspect: The HAR file /no/such/file.har could not be read"))
        }

        @Test("A litmus with no litmus-har beside it nor on PATH exits 2 naming the folder and the fix")
        func missingTool() async throws {
            let litmus = try #require(
                BuiltExecutable.named("litmus"), "build the litmus executable first (swift build)")
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "litmus-alone-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let copy = folder.appendingPathComponent("litmus")
            try BuiltExecutable.place(litmus, at: copy)

            let result = try await run(copy, ["har", "inspect", "x.har"], environment: ["PATH": "/nonexistent"])

            #expect(result.status == 2)
            #expect(
                result.output
                    == "litmus har: litmus har runs the litmus-har executable, which is neither beside litmus (in "
                    + "\(folder.resolvingSymlinksInPath().path)) nor on PATH. Build it where litmus was built (swift "
                    + "build --product litmus-har, with the same -c), or copy litmus-har next to litmus.\n")
        }
    }
#endif
