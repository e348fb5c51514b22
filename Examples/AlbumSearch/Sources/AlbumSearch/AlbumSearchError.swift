/// Why an album search failed; each message says what happened in a person's words.
public enum AlbumSearchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The search term is empty or only spaces.
    case emptySearchTerm
    /// The device is offline.
    case offline
    /// The request failed before a response arrived (timeout, unknown host, …).
    case transport(String)
    /// The server answered with a status other than 2xx.
    case httpStatus(Int)
    /// The response body is not the search API's JSON.
    case malformed(String)

    public var description: String {
        switch self {
        case .emptySearchTerm: "Type an artist or album to search for."
        case .offline: "You are offline. Check your connection and search again."
        case .transport(let reason): "The search could not reach the server: \(reason)."
        case .httpStatus(let status): "The search service answered with HTTP status \(status). Try again later."
        case .malformed(let reason): "The search service sent a response that could not be read: \(reason)."
        }
    }
}
