import Foundation
import LitmusSupport
import Testing

/// Which program a reaper runs (``ReapedChild/program(besides:)``): the `litmus-reaper` built beside the
/// executable when it speaks this protocol, else the executable itself again.
@Suite("The reaper's program")
struct ReapedChildTests {
    #if os(Linux)
        @Test("The litmus-reaper built beside the executable is the reaper's program")
        func builtTool() throws {
            // Given: the folder of this test binary, which `swift build` filled with every product, the tool too
            let folder = try #require(Self.executableFolder())

            // When / Then: the tool there is used
            #expect(ReapedChild.program(besides: folder) == folder + "/litmus-reaper")
        }

        @Test(
            "A litmus-reaper that is missing, speaks another protocol or says nothing is not used",
            arguments: [nil, "echo litmus-reaper 999", "exit 0", "echo some-other-tool 1"])
        func otherTool(script: String?) throws {
            // Given: a folder with no tool, or with a program of that name that is not this build's reaper
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reaper-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            if let script {
                let tool = folder.appendingPathComponent("litmus-reaper")
                try Data("#!/bin/sh\n\(script)\n".utf8).write(to: tool)
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool.path)
            }

            // When / Then: this executable starts again as the reaper
            #expect(ReapedChild.program(besides: folder.path) == "/proc/self/exe")
        }

        @Test("A litmus-reaper that never answers is ended within seconds and not used", .tags(.endToEnd))
        func silentTool() throws {
            // Given: a program of that name that holds its output open and says nothing
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reaper-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let tool = folder.appendingPathComponent("litmus-reaper")
            try Data("#!/bin/sh\nexec /bin/sleep 600\n".utf8).write(to: tool)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool.path)

            // When / Then: this executable starts again as the reaper (the query gives up after two seconds)
            #expect(ReapedChild.program(besides: folder.path) == "/proc/self/exe")
        }

        @Test("Without a folder the reaper is this executable again")
        func noFolder() {
            #expect(ReapedChild.program(besides: nil) == "/proc/self/exe")
        }

        private static func executableFolder() -> String? {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).map {
                URL(fileURLWithPath: $0).deletingLastPathComponent().path
            }
        }
    #endif
}
