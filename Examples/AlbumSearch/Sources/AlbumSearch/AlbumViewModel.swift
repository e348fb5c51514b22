import Foundation

/// One album as the search screen shows it.
public struct AlbumViewModel: Equatable, Sendable {
    public let title: String
    public let artist: String
    /// The release year, e.g. "2016".
    public let year: String
    public let imageURL: URL

    public init(_ album: Album) {
        title = album.title
        artist = album.artist
        year = String(
            Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: album.releaseDate)
                .year!)
        imageURL = album.imageURL
    }
}
