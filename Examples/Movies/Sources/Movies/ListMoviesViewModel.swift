import Foundation

/// One row of the movie list, formatted for display (seed 001): the title, and the release year.
public struct ListMoviesViewModel: Equatable, Hashable, Sendable {
    /// The movie's title.
    public let title: String
    /// The release year (`2008`), or ``unknownYear`` when the release date is not a valid `yyyy-MM-dd`.
    public let year: String

    /// Creates a view model showing `title` and `year` as given.
    public init(title: String, year: String) {
        self.title = title
        self.year = year
    }

    /// What a row shows as the year when the release date cannot be read (the article's own Seeds hold
    /// one, "noDate").
    public static let unknownYear = "Unknown"

    /// Formats `movie`: its title unchanged, and the year of its release date, or ``unknownYear`` when
    /// the release date is not a real calendar date written `yyyy-MM-dd`.
    public init(_ movie: Movie) {
        self.init(title: movie.title, year: Self.year(ofReleaseDate: movie.releaseDate) ?? Self.unknownYear)
    }

    /// The year of `releaseDate` when it is a real date written `yyyy-MM-dd` (four, two and two ASCII
    /// digits), else nil: "2009-02-30", "2008–11–12" (en dashes) and "2008" are not.
    private static func year(ofReleaseDate releaseDate: String) -> String? {
        let fields = releaseDate.split(separator: "-", omittingEmptySubsequences: false)
        guard fields.count == 3,
            zip(fields, [4, 2, 2]).allSatisfy({ field, length in
                field.count == length && field.allSatisfy { $0.isASCII && $0.isNumber }
            }),
            let year = Int(fields[0]), let month = Int(fields[1]), let day = Int(fields[2])
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let components = DateComponents(calendar: calendar, year: year, month: month, day: day)
        guard components.isValidDate else { return nil }
        return String(fields[0])
    }
}
