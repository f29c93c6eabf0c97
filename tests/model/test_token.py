"""A token's picture fit: a field with a default, so old files open, and left out of the file
when it is the default, so files without it are written as they were."""

from battlemap.model import Token


def test_old_files_open_with_the_picture_cropped_to_the_disc() -> None:
    token = Token.model_validate({"id": "a", "name": "A", "col": 0, "row": 0, "art": "a.png"})
    assert token.art_fit == "disc"
    assert "art_fit" not in token.model_dump_json()


def test_a_picture_filling_the_square_is_written_and_read_back() -> None:
    token = Token(id="a", name="A", col=0, row=0, art="a.png", art_fit="square")
    text = token.model_dump_json()
    assert '"art_fit":"square"' in text
    assert Token.model_validate_json(text).art_fit == "square"
