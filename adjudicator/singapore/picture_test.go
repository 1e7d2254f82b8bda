package singapore

import "testing"

// Two games that differ only in alice's hidden dealt card and her Merchant card give every other player,
// and observers, the same picture, byte for byte, step after step: the
// picture is drawn from the view alone (issue 17: "a picture for one
// player contains none of another's hidden state"). Every viewer's
// picture is a PNG 1200 pixels wide, the same when drawn again.
func TestPicture(t *testing.T) {
	tw := twins(t, New())
	tw.SamePictures(t)
	tw.PicturesWellFormed(t)
}
