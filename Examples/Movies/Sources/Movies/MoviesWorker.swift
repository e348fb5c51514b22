/// Fetches movies for the ListMovies scene (seed 001's worker). The article does not say where movies
/// come from; this worker serves a catalogue it is given, and calls back before it returns.
///
/// It is a class that is not final because the article's `MoviesWorkerSpy` subclasses it.
public class MoviesWorker: MoviesWorking {
    /// The movies this worker serves.
    public let catalogue: [Movie]

    /// Creates a worker serving `catalogue`.
    public init(catalogue: [Movie] = MoviesWorker.bestPictures) {
        self.catalogue = catalogue
    }

    /// Passes the catalogue to `completionHandler`.
    public func fetchMovies(completionHandler: @escaping ([Movie]) -> Void) {
        completionHandler(catalogue)
    }

    /// A small built-in catalogue: three Academy Award winners for Best Picture.
    public static let bestPictures = [
        Movie(title: "Slumdog Millionaire", releaseDate: "2008-11-12"),
        Movie(title: "The Hurt Locker", releaseDate: "2009-01-29"),
        Movie(title: "The King's Speech", releaseDate: "2010-09-06"),
    ]
}
