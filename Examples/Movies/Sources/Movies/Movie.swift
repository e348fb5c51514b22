/// A movie as the app stores it (seed 001): a title and a release date as the source gives it, in
/// ISO 8601 form (`2008-11-12`) when it is known.
public struct Movie: Equatable, Hashable, Sendable {
    /// The movie's title.
    public let title: String
    /// The release date as given, normally `yyyy-MM-dd`; anything else means the date is unknown.
    public let releaseDate: String

    /// Creates a movie.
    public init(title: String, releaseDate: String) {
        self.title = title
        self.releaseDate = releaseDate
    }
}
