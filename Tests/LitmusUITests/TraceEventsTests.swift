import LitmusJSON
import Testing

@testable import LitmusUI

/// What Chromium's DevTools events become in a UI trace's console and network panes, without a browser.
@Suite("DevTools events become a trace's console messages and network requests")
struct TraceEventsTests {
    @Test("A console call is one message: its level, and its arguments as the console prints them")
    func consoleCall() {
        // Given
        let event: JSONValue = [
            "type": "warning",
            "args": [
                ["type": "string", "value": "adding"], ["type": "number", "value": 2, "description": "2"],
                ["type": "object", "className": "Object", "description": "Object"], ["type": "undefined"],
            ],
        ]

        // When
        let sut = TraceEvents.console("Runtime.consoleAPICalled", event, at: 12.5)

        // Then
        #expect(sut == TraceConsoleEntry(time: 12.5, level: "warning", text: "adding 2 Object undefined"))
    }

    @Test("An exception nobody caught is an error message with the exception's description")
    func uncaughtException() {
        let event: JSONValue = [
            "exceptionDetails": [
                "text": "Uncaught", "exception": ["description": "Error: boom\n    at <anonymous>:1:7"],
            ]
        ]

        let sut = TraceEvents.console("Runtime.exceptionThrown", event, at: 3)

        #expect(sut == TraceConsoleEntry(time: 3, level: "error", text: "Error: boom\n    at <anonymous>:1:7"))
    }

    @Test("An event that is not a console message is none")
    func otherEvent() {
        #expect(TraceEvents.console("Network.requestWillBeSent", ["requestId": "1"], at: 0) == nil)
    }

    @Test("A request is completed by its answer and its end: status, type, duration")
    func requestAnswered() {
        // Given
        var sut: [TraceNetworkEntry] = []
        var requests: [String: Int] = [:]

        // When
        TraceEvents.network(
            "Network.requestWillBeSent",
            ["requestId": "7.1", "type": "Fetch", "request": ["method": "POST", "url": "http://127.0.0.1:9/api"]],
            at: 10, into: &sut, requests: &requests)
        TraceEvents.network(
            "Network.responseReceived",
            ["requestId": "7.1", "response": ["status": 201, "mimeType": "application/json"]],
            at: 14, into: &sut, requests: &requests)
        TraceEvents.network("Network.loadingFinished", ["requestId": "7.1"], at: 16.5, into: &sut, requests: &requests)

        // Then
        #expect(
            sut == [
                TraceNetworkEntry(
                    time: 10, method: "POST", url: "http://127.0.0.1:9/api", type: "Fetch", status: 201,
                    mimeType: "application/json", duration: 6.5)
            ])
    }

    @Test("A failed request says why, and a canceled one says canceled")
    func requestFailed() {
        var sut: [TraceNetworkEntry] = []
        var requests: [String: Int] = [:]
        for (id, time) in [("a", 1.0), ("b", 2.0)] {
            TraceEvents.network(
                "Network.requestWillBeSent", ["requestId": .string(id), "request": ["url": .string("http://x/\(id)")]],
                at: time,
                into: &sut, requests: &requests)
        }

        TraceEvents.network(
            "Network.loadingFailed", ["requestId": "a", "errorText": "net::ERR_CONNECTION_REFUSED"], at: 5, into: &sut,
            requests: &requests)
        TraceEvents.network(
            "Network.loadingFailed", ["requestId": "b", "errorText": "net::ERR_ABORTED", "canceled": true], at: 5,
            into: &sut, requests: &requests)

        #expect(sut.map(\.failure) == ["net::ERR_CONNECTION_REFUSED", "canceled"])
        #expect(sut.map(\.method) == ["GET", "GET"])
    }

    @Test("A redirect ends the request it answered with its status, and goes on as a request of its own")
    func redirect() {
        var sut: [TraceNetworkEntry] = []
        var requests: [String: Int] = [:]
        TraceEvents.network(
            "Network.requestWillBeSent", ["requestId": "r", "type": "Document", "request": ["url": "http://x/old"]],
            at: 1, into: &sut, requests: &requests)

        TraceEvents.network(
            "Network.requestWillBeSent",
            [
                "requestId": "r", "type": "Document", "request": ["url": "http://x/new"],
                "redirectResponse": ["status": 303],
            ],
            at: 4, into: &sut, requests: &requests)

        #expect(sut.map(\.url) == ["http://x/old", "http://x/new"])
        #expect(sut.map(\.status) == [303, 0])
        #expect(sut[0].duration == 3)
    }

    @Test("A long data: URL is cut to its first 200 characters")
    func longURL() {
        var sut: [TraceNetworkEntry] = []
        var requests: [String: Int] = [:]

        TraceEvents.network(
            "Network.requestWillBeSent",
            ["requestId": "d", "request": ["url": .string("data:text/plain," + String(repeating: "a", count: 500))]],
            at: 0, into: &sut, requests: &requests)

        #expect(sut.first?.url.count == 201)
        #expect(sut.first?.url.hasSuffix("a…") == true)
    }
}
