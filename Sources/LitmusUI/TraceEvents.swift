import Foundation
import LitmusJSON

/// A console message of the page in a UI trace: `console.log` and its kin, or an exception nobody caught.
struct TraceConsoleEntry: Sendable, Equatable, Encodable {
    /// Milliseconds since the trace started, when LitmusUI received it.
    let time: Double
    /// `log`, `info`, `warning`, `error`, `debug`, … (Chromium's `consoleAPICalled` type); `error` for an
    /// uncaught exception.
    let level: String
    /// The message: its arguments as the browser's console prints them, separated by spaces.
    let text: String
}

/// A network request of the page in a UI trace, from its start to its answer (or failure).
struct TraceNetworkEntry: Sendable, Equatable, Encodable {
    /// Milliseconds since the trace started, when the request was sent.
    let time: Double
    /// `GET`, `POST`, …
    let method: String
    /// The URL (a long `data:` URL cut to its first 200 characters).
    let url: String
    /// `Document`, `Fetch`, `Stylesheet`, … (Chromium's resource type).
    let type: String
    /// The answer's status code, once it came (0 for none yet).
    var status: Int = 0
    /// The answer's MIME type.
    var mimeType: String = ""
    /// Milliseconds from the request to the end of its answer, once it ended.
    var duration: Double?
    /// Why it failed (`net::ERR_CONNECTION_REFUSED`), if it did.
    var failure: String?
}

/// What Chromium's DevTools events mean for a UI trace: one console entry per `Runtime.consoleAPICalled`
/// or `Runtime.exceptionThrown`, one network entry per request (`Network.requestWillBeSent`), completed by
/// its `responseReceived`, `loadingFinished` or `loadingFailed`.
enum TraceEvents {
    /// A console entry at `time` for a console event, or nil for any other event.
    static func console(_ method: String, _ params: JSONValue, at time: Double) -> TraceConsoleEntry? {
        switch method {
        case "Runtime.consoleAPICalled":
            let text = (params["args"].array ?? []).map(printed).joined(separator: " ")
            return TraceConsoleEntry(time: time, level: params["type"].string ?? "log", text: text)
        case "Runtime.exceptionThrown":
            let details = params["exceptionDetails"]
            let text = details["exception"]["description"].string ?? details["text"].string ?? "Uncaught exception"
            return TraceConsoleEntry(time: time, level: "error", text: text)
        default:
            return nil
        }
    }

    /// How the console prints one argument: a string as it is, anything else by its description.
    private static func printed(_ argument: JSONValue) -> String {
        if let text = argument["value"].string { return text }
        if argument["type"].string == "undefined" { return "undefined" }
        if let description = argument["description"].string { return description }
        if argument["subtype"].string == "null" { return "null" }
        switch argument["value"] {
        case .number(let number):
            return number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .bool(let bool): return String(bool)
        case .null: return "null"
        default: return "\(argument["value"])"
        }
    }

    /// The network entries after a network event at `time`: a request added, or the entry of its
    /// `requestId` (in `requests`: id to index) completed. Other events change nothing.
    static func network(
        _ method: String, _ params: JSONValue, at time: Double, into entries: inout [TraceNetworkEntry],
        requests: inout [String: Int]
    ) {
        guard let id = params["requestId"].string else { return }
        switch method {
        case "Network.requestWillBeSent":
            // A redirect arrives as the next request under the same id, carrying the answer that redirected.
            if let index = requests[id], params["redirectResponse"] != .null {
                entries[index].status = Int(params["redirectResponse"]["status"].number ?? 0)
                entries[index].duration = time - entries[index].time
            }
            let url = params["request"]["url"].string ?? ""
            requests[id] = entries.count
            entries.append(
                TraceNetworkEntry(
                    time: time, method: params["request"]["method"].string ?? "GET",
                    url: url.count > 200 ? String(url.prefix(200)) + "…" : url, type: params["type"].string ?? "Other"))
        case "Network.responseReceived":
            guard let index = requests[id] else { return }
            entries[index].status = Int(params["response"]["status"].number ?? 0)
            entries[index].mimeType = params["response"]["mimeType"].string ?? ""
        case "Network.loadingFinished":
            guard let index = requests[id] else { return }
            entries[index].duration = time - entries[index].time
        case "Network.loadingFailed":
            guard let index = requests[id] else { return }
            entries[index].duration = time - entries[index].time
            let canceled = params["canceled"].bool == true
            entries[index].failure = canceled ? "canceled" : params["errorText"].string ?? "failed"
        default:
            return
        }
    }
}
