#if os(Linux)
    import ArgumentParser
    import Foundation
    import LitmusHTTPStubServer
    import LitmusHTTPStubs
    import Testing

    @testable import LitmusHARTool

    extension Tag {
        /// Tests that start a server on 127.0.0.1.
        @Tag static var endToEnd: Self
    }

    @Suite("litmus-har verify: its options, and an entry it cannot replay exits 2 before sending anything")
    struct HARVerifyCommandTests {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

        @Test("An entry redacted when recorded is named with the fix, and litmus-har verify exits 2")
        func unreplayable() async throws {
            let file = fixtures.appendingPathComponent("login.har").path

            let error = await #expect(throws: HARVerifyFailure.self) {
                try await HARVerifyCommand.verify(
                    file: file, against: "http://127.0.0.1:9", headers: ["Authorization: Bearer t"])
            }
            var command = try #require(
                try HARCommand.parseAsRoot(["verify", file, "--against", "http://127.0.0.1:9"])
                    as? any AsyncParsableCommand)

            #expect(
                error?.description == """
                    \(file) cannot be replayed as recorded, so nothing was sent:
                      - entry 0 (POST https://api.example.com/login): request JSON field password was redacted when \
                    recorded, so the request cannot be sent as it was. Verify a recording made without redacting it \
                    (HARRedaction), or remove the entry.
                    """)
            await #expect(throws: ExitCode(2)) { try await command.run() }
        }

        @Test("A --header that is not 'Name: value', and a missing file, are named with the fix")
        func badInput() async {
            let file = fixtures.appendingPathComponent("login.har").path
            let header = await #expect(throws: HARVerifyFailure.self) {
                try await HARVerifyCommand.verify(file: file, against: "http://127.0.0.1:9", headers: ["Bearer t"])
            }
            #expect(
                header?.description
                    == "--header Bearer t is not a header: write it as 'Name: value', such as "
                    + "--header 'Authorization: Bearer TOKEN'.")
            let missing = await #expect(throws: HARVerifyFailure.self) {
                try await HARVerifyCommand.verify(file: "none.har", against: "http://127.0.0.1:9", headers: [])
            }
            let absolute = URL(fileURLWithPath: "none.har").path
            #expect(missing?.description.hasPrefix("The HAR file \(absolute) could not be read (") == true)
            #expect(
                missing?.description.hasSuffix("Check the path (a relative one is read from the current folder).")
                    == true)
        }

        @Test(
            "Exits 0 when the service answers as recorded and 1 when it changed (the loopback stub server as the service)",
            .tags(.endToEnd))
        func exitStatus() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "litmus-har-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("album.har")
            try HAR(entries: [
                HAR.Entry(
                    startedDateTime: "2026-11-26T00:00:00.000Z", time: 1,
                    request: HAR.Request(method: "GET", url: "https://api.example.com/albums/1"),
                    response: HAR.Response(
                        status: 200, headers: [HAR.Header(name: "Content-Type", value: "application/json")],
                        content: HAR.Content(size: 25, mimeType: "application/json", text: #"{"id":1,"title":"Hoist"}"#)
                    ),
                    timings: HAR.Timings(wait: 1))
            ]).write(to: file)
            let service = HTTPStubs()
            service.stub(
                .path("/albums/1"),
                .data(Data(#"{"id":1,"title":"Hoist"}"#.utf8), headers: ["Content-Type": "application/json"]),
                .data(Data(#"{"id":"1","title":"Hoist"}"#.utf8), headers: ["Content-Type": "application/json"]))

            try await HTTPStubServer.serving(service) { server in
                let arguments = ["verify", file.path, "--against", server.baseURL.absoluteString]
                var same = try #require(try HARCommand.parseAsRoot(arguments) as? any AsyncParsableCommand)
                try await same.run()
                var changed = try #require(try HARCommand.parseAsRoot(arguments) as? any AsyncParsableCommand)
                await #expect(throws: ExitCode(1)) { try await changed.run() }
            }
            #expect(service.requests.map(\.url.path) == ["/albums/1", "/albums/1"])
        }
    }
#endif
