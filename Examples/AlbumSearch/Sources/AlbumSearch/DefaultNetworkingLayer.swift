import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real ``NetworkingLayer``: searches albums with an iTunes-style search API
/// (`GET {baseURL}/search?term=…&entity=album`) over an injected URLSession, so that tests can give
/// it a session whose requests are stubbed.
public final class DefaultNetworkingLayer: NetworkingLayer, Sendable {
    /// The production instance: URLSession.shared and the iTunes Search API.
    public static let instance = DefaultNetworkingLayer()

    /// The API's root; searches go to `search` below it.
    public let baseURL: URL
    private let session: URLSession

    public init(session: URLSession = .shared, baseURL: URL = URL(string: "https://itunes.apple.com")!) {
        self.session = session
        self.baseURL = baseURL
    }

    /// The URL a search for `searchTerm` requests.
    public func searchURL(for searchTerm: String) -> URL {
        var components = URLComponents(
            url: baseURL.appendingPathComponent("search"),
            resolvingAgainstBaseURL: false)!  // litmus:disable-mutation: baseURL is absolute
        components.queryItems = [
            URLQueryItem(name: "term", value: searchTerm), URLQueryItem(name: "entity", value: "album"),
        ]
        return components.url!
    }

    public func searchFor(
        searchTerm: String, completionHandler: @escaping @Sendable (Result<[Album], any Error>) -> Void
    ) {
        let term = searchTerm.trimmingCharacters(in: .whitespaces)
        guard !term.isEmpty else { return completionHandler(.failure(AlbumSearchError.emptySearchTerm)) }
        session.dataTask(with: searchURL(for: term)) { data, response, error in
            completionHandler(Result { try Self.albums(from: data, response: response, error: error) })
        }.resume()
    }

    static func albums(from data: Data?, response: URLResponse?, error: (any Error)?) throws(AlbumSearchError)
        -> [Album]
    {
        if let error = error as? URLError {
            throw error.code == .notConnectedToInternet ? .offline : .transport(error.localizedDescription)
        }
        if let error { throw .transport(error.localizedDescription) }
        if let response = response as? HTTPURLResponse, !(200..<300).contains(response.statusCode) {
            throw .httpStatus(response.statusCode)
        }
        return try SearchResponse.albums(from: data ?? Data())
    }
}

/// The search API's JSON: `{"resultCount": 1, "results": [{"collectionName", "artistName",
/// "releaseDate", "artworkUrl100"}]}`.
private struct SearchResponse: Decodable {
    struct Result: Decodable {
        let collectionName: String
        let artistName: String
        let releaseDate: Date
        let artworkUrl100: URL
    }

    let results: [Result]

    static func albums(from data: Data) throws(AlbumSearchError) -> [Album] {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(SearchResponse.self, from: data).results.map {
                Album(
                    title: $0.collectionName, artist: $0.artistName, releaseDate: $0.releaseDate,
                    imageURL: $0.artworkUrl100)
            }
        } catch let DecodingError.keyNotFound(key, _) {
            throw .malformed("the key \"\(key.stringValue)\" is missing")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw .malformed("\(context.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type")
        } catch let DecodingError.dataCorrupted(context) {
            throw .malformed(context.codingPath.isEmpty ? "it is not JSON" : context.debugDescription)
        } catch {
            throw .malformed("\(error)")  // litmus:disable-mutation: JSONDecoder throws only the cases above
        }
    }
}
