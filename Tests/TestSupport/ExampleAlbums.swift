/// Album files the tests share, written once.
public enum ExampleAlbums {
  /// PRODUCT.md §1.2's example: sides A and B with lengths, a track's note
  /// and the album's notes; no favourite.
  public static let okComputer = """
    ---
    title: OK Computer
    artist: Radiohead
    ---

    ## Tracks

    ### Side A

    1. Airbag (4:44)
    2. Paranoid Android (6:23)
       Recorded in a mansion.

    ### Side B

    1. Karma Police (4:21)
    2. Lucky (4:19)

    ## Notes

    Bought in 1998.

    """
}
