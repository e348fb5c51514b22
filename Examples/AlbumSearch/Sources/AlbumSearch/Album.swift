import Foundation

/// An album found by a search (seed 003).
public struct Album: Equatable, Sendable {
    public let title: String
    public let artist: String
    public let releaseDate: Date
    public let imageURL: URL

    public init(title: String, artist: String, releaseDate: Date, imageURL: URL) {
        self.title = title
        self.artist = artist
        self.releaseDate = releaseDate
        self.imageURL = imageURL
    }
}
