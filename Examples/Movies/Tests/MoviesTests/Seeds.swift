@testable import Movies

/// Seed 001's one file of test data. The article's dates show typographic dashes ("2008–11–12"),
/// which its publisher put in; the dates here use the ISO 8601 hyphen the app reads. "noDate" is the
/// article's own unreadable date.
struct Seeds {
    struct Movies {
        static let slumdogMillionaire = Movie(title: "Slumdog Millionaire", releaseDate: "2008-11-12")
        static let hurtLocker = Movie(title: "The Hurt Locker", releaseDate: "2009-01-29")
        static let kingsSpeech = Movie(title: "The King's Speech", releaseDate: "noDate")
        static let all = [slumdogMillionaire, hurtLocker, kingsSpeech]
    }
}
