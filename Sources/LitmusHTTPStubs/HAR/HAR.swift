import Foundation

/// An HTTP Archive (HAR 1.2): the format browsers' devtools export and every HAR viewer reads, and
/// the one Litmus records to and replays from.
///
/// Reading is lenient where real exports differ from the specification (Chromium leaves out bodies
/// and `cache`, Firefox omits `comment`s, both add `_private` fields): only what a replay needs,
/// each entry's request method and URL and its response status, is required. Writing produces every
/// field HAR 1.2 asks for, so the file opens in any viewer.
///
/// ```swift
/// let har = try HAR(contentsOf: URL(fileURLWithPath: "search.har"))
/// print(har.log.entries.map(\.request.url))
/// ```
public struct HAR: Codable, Sendable, Equatable {
    /// The archive's root object.
    public var log: Log

    /// An archive of `entries`, created by Litmus.
    public init(entries: [Entry] = []) {
        self.log = Log(entries: entries)
    }

    /// The root object: who made the archive and its entries, in request order.
    public struct Log: Codable, Sendable, Equatable {
        /// The format version, `1.2`.
        public var version: String
        /// The application that made the file.
        public var creator: Creator
        /// The browser that made the requests, when a browser did.
        public var browser: Creator?
        /// The pages of a browser export; unused by replay, kept when a file is rewritten.
        public var pages: [Page]?
        /// The requests and their responses, in the order they were sent.
        public var entries: [Entry]
        /// A note for people reading the file.
        public var comment: String?

        /// A version 1.2 log created by Litmus.
        public init(entries: [Entry]) {
            self.version = "1.2"
            self.creator = Creator(name: "Litmus", version: "1.0")
            self.entries = entries
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            version = try container.decodeIfPresent(String.self, forKey: .version) ?? "1.2"
            creator = try container.decodeIfPresent(Creator.self, forKey: .creator) ?? Creator(name: "", version: "")
            browser = try container.decodeIfPresent(Creator.self, forKey: .browser)
            pages = try container.decodeIfPresent([Page].self, forKey: .pages)
            entries = try container.decode([Entry].self, forKey: .entries)
            comment = try container.decodeIfPresent(String.self, forKey: .comment)
        }
    }

    /// The name and version of an application or browser.
    public struct Creator: Codable, Sendable, Equatable {
        /// Its name (`Litmus`, `Chromium`).
        public var name: String
        /// Its version.
        public var version: String

        /// A creator from its parts.
        public init(name: String, version: String) {
            self.name = name
            self.version = version
        }
    }

    /// A page of a browser export. Litmus keeps it as it was read.
    public struct Page: Codable, Sendable, Equatable {
        /// The page's identifier, referred to by entries' `pageref`.
        public var id: String
        /// When the page started loading (ISO 8601).
        public var startedDateTime: String
        /// The page's title.
        public var title: String
    }

    /// One request and its response.
    public struct Entry: Codable, Sendable, Equatable {
        /// The page the request belongs to, in a browser export.
        public var pageref: String?
        /// When the request started (ISO 8601 with fractional seconds).
        public var startedDateTime: String
        /// The whole round trip in milliseconds.
        public var time: Double
        /// The request as sent.
        public var request: Request
        /// The response as received.
        public var response: Response
        /// Cache information; always empty in Litmus's recordings.
        public var cache: Cache
        /// Where the time went, in milliseconds (`-1` when a phase does not apply).
        public var timings: Timings
        /// A note for people reading the file.
        public var comment: String?

        /// An entry from its parts.
        public init(
            startedDateTime: String, time: Double, request: Request, response: Response, timings: Timings
        ) {
            self.startedDateTime = startedDateTime
            self.time = time
            self.request = request
            self.response = response
            self.cache = Cache()
            self.timings = timings
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            pageref = try container.decodeIfPresent(String.self, forKey: .pageref)
            startedDateTime = try container.decodeIfPresent(String.self, forKey: .startedDateTime) ?? ""
            time = try container.decodeIfPresent(Double.self, forKey: .time) ?? 0
            request = try container.decode(Request.self, forKey: .request)
            response = try container.decode(Response.self, forKey: .response)
            cache = try container.decodeIfPresent(Cache.self, forKey: .cache) ?? Cache()
            timings = try container.decodeIfPresent(Timings.self, forKey: .timings) ?? Timings(wait: time)
            comment = try container.decodeIfPresent(String.self, forKey: .comment)
        }
    }

    /// A request: method, URL, headers, query and posted body.
    public struct Request: Codable, Sendable, Equatable {
        /// The HTTP method.
        public var method: String
        /// The absolute URL, query included.
        public var url: String
        /// `HTTP/1.1`, `h2`, …
        public var httpVersion: String
        /// The cookies sent (browser exports); Litmus leaves them in the `Cookie` header.
        public var cookies: [Cookie]
        /// The header fields, in order; a name may repeat.
        public var headers: [Header]
        /// The URL's query items, decoded.
        public var queryString: [Header]
        /// The body, if one was sent.
        public var postData: PostData?
        /// The size of the head in bytes, or -1 when unknown.
        public var headersSize: Int
        /// The size of the body in bytes, or -1 when unknown.
        public var bodySize: Int

        /// A request from its parts; the sizes are unknown (-1) unless given.
        public init(
            method: String, url: String, headers: [Header] = [], queryString: [Header] = [],
            postData: PostData? = nil, httpVersion: String = "HTTP/1.1", bodySize: Int = -1
        ) {
            self.method = method
            self.url = url
            self.httpVersion = httpVersion
            self.cookies = []
            self.headers = headers
            self.queryString = queryString
            self.postData = postData
            self.headersSize = -1
            self.bodySize = bodySize
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            method = try container.decode(String.self, forKey: .method)
            url = try container.decode(String.self, forKey: .url)
            httpVersion = try container.decodeIfPresent(String.self, forKey: .httpVersion) ?? "HTTP/1.1"
            cookies = try container.decodeIfPresent([Cookie].self, forKey: .cookies) ?? []
            headers = try container.decodeIfPresent([Header].self, forKey: .headers) ?? []
            queryString = try container.decodeIfPresent([Header].self, forKey: .queryString) ?? []
            postData = try container.decodeIfPresent(PostData.self, forKey: .postData)
            headersSize = try container.decodeIfPresent(Int.self, forKey: .headersSize) ?? -1
            bodySize = try container.decodeIfPresent(Int.self, forKey: .bodySize) ?? -1
        }
    }

    /// A response: status, headers and content.
    public struct Response: Codable, Sendable, Equatable {
        /// The status code; 0 when the request failed without one (a browser export of a blocked request).
        public var status: Int
        /// The reason phrase (`OK`).
        public var statusText: String
        /// `HTTP/1.1`, `h2`, …
        public var httpVersion: String
        /// The cookies set (browser exports); Litmus leaves them in `Set-Cookie` headers.
        public var cookies: [Cookie]
        /// The header fields, in order; a name may repeat.
        public var headers: [Header]
        /// The body.
        public var content: Content
        /// The `Location` of a redirect, or empty.
        public var redirectURL: String
        /// The size of the head in bytes, or -1 when unknown.
        public var headersSize: Int
        /// The size of the body as transferred, or -1 when unknown.
        public var bodySize: Int

        /// A response from its parts.
        public init(status: Int, statusText: String = "", headers: [Header] = [], content: Content) {
            self.status = status
            self.statusText = statusText
            self.httpVersion = "HTTP/1.1"
            self.cookies = []
            self.headers = headers
            self.content = content
            self.redirectURL = headers.first { $0.name.lowercased() == "location" }?.value ?? ""
            self.headersSize = -1
            self.bodySize = content.size
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            status = try container.decode(Int.self, forKey: .status)
            statusText = try container.decodeIfPresent(String.self, forKey: .statusText) ?? ""
            httpVersion = try container.decodeIfPresent(String.self, forKey: .httpVersion) ?? "HTTP/1.1"
            cookies = try container.decodeIfPresent([Cookie].self, forKey: .cookies) ?? []
            headers = try container.decodeIfPresent([Header].self, forKey: .headers) ?? []
            content = try container.decodeIfPresent(Content.self, forKey: .content) ?? Content(size: 0, mimeType: "")
            redirectURL = try container.decodeIfPresent(String.self, forKey: .redirectURL) ?? ""
            headersSize = try container.decodeIfPresent(Int.self, forKey: .headersSize) ?? -1
            bodySize = try container.decodeIfPresent(Int.self, forKey: .bodySize) ?? -1
        }
    }

    /// A name and a value: a header field, or a query item.
    public struct Header: Codable, Sendable, Equatable {
        /// The field's name.
        public var name: String
        /// The field's value.
        public var value: String

        /// A field from its parts.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// A cookie of a browser export; only its name and value are read.
    public struct Cookie: Codable, Sendable, Equatable {
        /// The cookie's name.
        public var name: String
        /// The cookie's value.
        public var value: String

        /// A cookie from its parts.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// A request body.
    public struct PostData: Codable, Sendable, Equatable {
        /// The body's media type.
        public var mimeType: String
        /// The body as text; bytes that are not UTF-8 are base64, and `encoding` says so.
        public var text: String
        /// `base64` when `text` is base64 (a Litmus extension, `_encoding`, since HAR 1.2 has none here).
        public var encoding: String?
        /// Form fields, as some exports list them instead of `text`.
        public var params: [Header]?

        /// A body from its parts.
        public init(mimeType: String, text: String, encoding: String? = nil) {
            self.mimeType = mimeType
            self.text = text
            self.encoding = encoding
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            mimeType = try container.decodeIfPresent(String.self, forKey: .mimeType) ?? ""
            text = try container.decodeIfPresent(String.self, forKey: .text) ?? ""
            encoding = try container.decodeIfPresent(String.self, forKey: .encoding)
            params = try container.decodeIfPresent([Header].self, forKey: .params)
        }

        enum CodingKeys: String, CodingKey {
            case mimeType, text, params
            case encoding = "_encoding"
        }
    }

    /// A response body.
    public struct Content: Codable, Sendable, Equatable {
        /// The body's size in bytes, decoded.
        public var size: Int
        /// The body's media type (`application/json; charset=utf-8`).
        public var mimeType: String
        /// The body as text, or base64 when `encoding` is `base64`; absent when the exporter left it out.
        public var text: String?
        /// `base64` for a binary body.
        public var encoding: String?

        /// A body from its parts.
        public init(size: Int, mimeType: String, text: String? = nil, encoding: String? = nil) {
            self.size = size
            self.mimeType = mimeType
            self.text = text
            self.encoding = encoding
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            size = try container.decodeIfPresent(Int.self, forKey: .size) ?? -1
            mimeType = try container.decodeIfPresent(String.self, forKey: .mimeType) ?? ""
            text = try container.decodeIfPresent(String.self, forKey: .text)
            encoding = try container.decodeIfPresent(String.self, forKey: .encoding)
        }
    }

    /// Cache information. Litmus writes it empty and ignores it when reading.
    public struct Cache: Codable, Sendable, Equatable {
        /// An empty cache object.
        public init() {}

        public init(from decoder: any Decoder) throws {}
    }

    /// Where an entry's time went, in milliseconds; `-1` when a phase does not apply.
    public struct Timings: Codable, Sendable, Equatable {
        /// Waiting in a queue.
        public var blocked: Double?
        /// Resolving the host name.
        public var dns: Double?
        /// Opening the connection.
        public var connect: Double?
        /// Sending the request.
        public var send: Double
        /// Waiting for the first byte of the response.
        public var wait: Double
        /// Reading the response.
        public var receive: Double
        /// The TLS handshake, part of `connect`.
        public var ssl: Double?

        /// Timings where all the time was waiting for the response, and `receive` reading it.
        public init(wait: Double, receive: Double = 0) {
            self.send = 0
            self.wait = wait
            self.receive = receive
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            blocked = try container.decodeIfPresent(Double.self, forKey: .blocked)
            dns = try container.decodeIfPresent(Double.self, forKey: .dns)
            connect = try container.decodeIfPresent(Double.self, forKey: .connect)
            send = try container.decodeIfPresent(Double.self, forKey: .send) ?? 0
            wait = try container.decodeIfPresent(Double.self, forKey: .wait) ?? 0
            receive = try container.decodeIfPresent(Double.self, forKey: .receive) ?? 0
            ssl = try container.decodeIfPresent(Double.self, forKey: .ssl)
        }
    }
}
