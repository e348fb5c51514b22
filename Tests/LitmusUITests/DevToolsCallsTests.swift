import Foundation
import LitmusJSON
import Synchronization
import Testing

@testable import LitmusUI

/// The DevTools message layer without a browser: what it sends, and how it matches what comes back.
@Suite("DevTools calls are matched to their answers by id")
struct DevToolsCallsTests {
    /// A browser stand-in: keeps every message the calls send.
    final class Wire: Sendable {
        private let messages = Mutex<[JSONValue]>([])
        var sent: [JSONValue] { messages.withLock { $0 } }

        func transmit(_ text: String) {
            let message = (try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))) ?? .string(text)
            messages.withLock { $0.append(message) }
        }
    }

    private func calls() -> (DevToolsCalls, Wire) {
        let wire = Wire()
        return (DevToolsCalls(transmit: wire.transmit), wire)
    }

    @Test("Each call is sent with a new integer id, its method and params, and gets its own answer")
    func answersByID() async throws {
        let (sut, wire) = calls()
        let first = sut.send("Runtime.evaluate", ["expression": "1"], timeout: .seconds(120))
        let second = sut.send("Input.dispatchMouseEvent", ["type": "mousePressed"], timeout: .seconds(120))
        #expect(wire.sent.map { $0["id"] } == [1, 2])
        #expect(wire.sent.map { $0["method"] } == ["Runtime.evaluate", "Input.dispatchMouseEvent"])
        #expect(wire.sent[1]["params"] == ["type": "mousePressed"])
        sut.receive(#"{"id":2,"result":{"answer":"second"}}"#)
        sut.receive(#"{"id":1,"result":{"answer":"first"}}"#)
        #expect(try await sut.answer(to: first) == ["answer": "first"])
        #expect(try await sut.answer(to: second) == ["answer": "second"])
    }

    @Test("The id is written as an integer, as Chromium requires")
    func integerID() {
        let lines = Mutex<[String]>([])
        let sut = DevToolsCalls { text in lines.withLock { $0.append(text) } }
        _ = sut.send("Page.enable", timeout: .seconds(120))
        #expect(lines.withLock { $0.first?.hasPrefix(#"{"id":1,"#) } == true)
    }

    @Test("A call awaited before its answer arrives gets it; an event before the answer is ignored")
    func eventBeforeAnswer() async throws {
        let (sut, wire) = calls()
        let answer = Task { try await sut.call("Runtime.evaluate", ["expression": "2"], timeout: .seconds(120)) }
        while wire.sent.isEmpty { await Task.yield() }
        sut.receive(#"{"method":"Runtime.executionContextCreated","params":{"context":{"id":7}}}"#)
        sut.receive("not JSON at all")
        sut.receive(#"{"id":1,"result":{"result":{"type":"number","value":2}}}"#)
        #expect(try await answer.value == ["result": ["type": "number", "value": 2]])
    }

    @Test("An error answer fails the call with the browser's code and message, naming the method")
    func errorAnswer() async throws {
        let (sut, _) = calls()
        let sent = sut.send("Runtime.evaluate", timeout: .seconds(120))
        sut.receive(#"{"id":1,"error":{"code":-32000,"message":"Execution context was destroyed."}}"#)
        let error = await #expect(throws: DevToolsError.self) { try await sut.answer(to: sent) }
        #expect(
            error == .answered(method: "Runtime.evaluate", code: -32000, message: "Execution context was destroyed."))
        #expect(error?.isRetryable == true)
        #expect(error?.description.contains("Runtime.evaluate") == true)
    }

    @Test("A closed socket fails the waiting calls and every later one, saying why")
    func closedSocket() async throws {
        let (sut, wire) = calls()
        let waiting = Task { try await sut.call("Input.dispatchMouseEvent", timeout: .seconds(120)) }
        while wire.sent.isEmpty { await Task.yield() }
        sut.close(reason: "Chromium ended")
        let error = await #expect(throws: DevToolsError.self) { try await waiting.value }
        #expect(error == .closed(method: "Input.dispatchMouseEvent", reason: "Chromium ended"))
        #expect(error?.isRetryable == false)
        let later = await #expect(throws: DevToolsError.self) {
            try await sut.call("Network.clearBrowserCookies", timeout: .seconds(120))
        }
        #expect(later == .closed(method: "Network.clearBrowserCookies", reason: "Chromium ended"))
        #expect(wire.sent.count == 1)
    }

    @Test("A JavaScript dialog fails the waiting calls, saying what it said, and is dismissed")
    func dialog() async throws {
        let wire = Wire()
        let sut = DevToolsCalls(transmit: wire.transmit, onEvent: DevToolsConnection.handle)
        let tap = sut.send("Input.dispatchMouseEvent", ["type": "mouseReleased"], timeout: .seconds(120))
        sut.receive(#"{"method":"Page.javascriptDialogOpening","params":{"type":"confirm","message":"Sure?"}}"#)
        let error = await #expect(throws: DevToolsError.self) { try await sut.answer(to: tap) }
        #expect(error == .dialogOpened(method: "Input.dispatchMouseEvent", type: "confirm", message: "Sure?"))
        #expect(error?.isRetryable == false)
        #expect(error?.description.contains("\"Sure?\"") == true)
        while wire.sent.count < 2 { await Task.yield() }
        #expect(wire.sent[1]["method"] == "Page.handleJavaScriptDialog")
        #expect(wire.sent[1]["params"] == ["accept": false])
        sut.receive(#"{"id":2,"result":{}}"#)
    }

    @Test("A dialog while no call waits fails the next call, unsent; the one after goes through")
    func dialogBetweenCalls() async throws {
        let wire = Wire()
        let sut = DevToolsCalls(transmit: wire.transmit, onEvent: DevToolsConnection.handle)
        sut.receive(#"{"method":"Page.javascriptDialogOpening","params":{"type":"alert","message":"Saved"}}"#)
        #expect(wire.sent.map(\.["method"]) == ["Page.handleJavaScriptDialog"])

        let next = sut.send("Runtime.evaluate", ["expression": "1"], timeout: .seconds(120))
        let error = await #expect(throws: DevToolsError.self) { try await sut.answer(to: next) }
        #expect(error == .dialogOpened(method: "Runtime.evaluate", type: "alert", message: "Saved"))
        #expect(wire.sent.count == 1)

        let after = sut.send("Runtime.evaluate", ["expression": "2"], timeout: .seconds(120))
        sut.receive(#"{"id":\#(try #require(wire.sent.last?["id"].number.map(Int.init))),"result":{"ok":true}}"#)
        #expect(try await sut.answer(to: after) == ["ok": true])
    }

    @Test("A beforeunload dialog is accepted, so the navigation it holds goes on")
    func beforeUnload() {
        let wire = Wire()
        let sut = DevToolsCalls(transmit: wire.transmit, onEvent: DevToolsConnection.handle)
        sut.receive(#"{"method":"Page.javascriptDialogOpening","params":{"type":"beforeunload","message":""}}"#)
        #expect(wire.sent.first?["params"] == ["accept": true])
    }

    @Test("A call not answered within its timeout fails, naming the method")
    func timeout() async throws {
        let (sut, _) = calls()
        let error = await #expect(throws: DevToolsError.self) {
            try await sut.call("Runtime.evaluate", timeout: .milliseconds(5))
        }
        #expect(error == .timedOut(method: "Runtime.evaluate", after: .milliseconds(5)))
        sut.receive(#"{"id":1,"result":{}}"#)  // a late answer is dropped
    }

    @Test("An evaluation yields the JSON its script wrote; a thrown script is a retryable failure")
    func evaluation() throws {
        let value = try DevToolsConnection.value(
            ofEvaluation: ["result": ["type": "string", "value": #"{"status":"ok","x":3,"element":null}"#]])
        #expect(value == ["status": "ok", "x": 3, "element": .null])
        let error = #expect(throws: DevToolsError.self) {
            try DevToolsConnection.value(
                ofEvaluation: [
                    "result": ["type": "object"],
                    "exceptionDetails": ["text": "Uncaught", "exception": ["description": "TypeError: x is null"]],
                ])
        }
        #expect(error == .scriptFailed(method: "Runtime.evaluate", message: "TypeError: x is null"))
        #expect(error?.isRetryable == true)
    }

    @Test("A debugger address that is not loopback is refused before anything is opened")
    func loopbackOnly() async throws {
        await #expect(throws: DevToolsUnavailable.self) {
            try await DevToolsConnection.open(debuggerAddress: "example.com:9222", window: "W", timeout: .seconds(1))
        }
    }
}
