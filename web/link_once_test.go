package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
)

// One link posted by twelve browsers at once logs in exactly one of them,
// on either store: the link is claimed by one atomic statement, so the
// others find it used.
func TestLoginLinkOnceUnderConcurrentPosts(t *testing.T) {
	for store, target := range stores {
		t.Run(store, func(t *testing.T) {
			s := newSiteOn(t, target(t), Config{}, Options{}, traderCampaign)
			path := s.pathOf(s.issue("bourse-1", "alice"))
			code := path[strings.LastIndex(path, "/")+1:]
			const posts = 12
			browsers := make([]*browser, posts)
			forms := make([]string, posts)
			for i := range browsers {
				browsers[i] = s.browser()
				forms[i] = url.Values{"code": {code}, csrfField: {browsers[i].csrf()}}.Encode()
			}
			statuses := make([]int, posts)
			errs := make([]error, posts)
			start := make(chan struct{})
			var wg sync.WaitGroup
			for i, b := range browsers {
				wg.Go(func() {
					req, _ := http.NewRequest(http.MethodPost, s.http.URL+"/games/bourse-1/link", strings.NewReader(forms[i]))
					req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
					<-start
					res, err := b.c.Do(req)
					if err != nil {
						errs[i] = err
						return
					}
					res.Body.Close()
					statuses[i] = res.StatusCode
				})
			}
			close(start)
			wg.Wait()
			in, gone := 0, 0
			for i, st := range statuses {
				switch {
				case errs[i] != nil:
					t.Errorf("post %d: %v", i, errs[i])
				case st == http.StatusSeeOther:
					in++
				case st == http.StatusGone:
					gone++
				default:
					t.Errorf("post %d: status %d", i, st)
				}
			}
			var sessions int
			if err := s.host.Store.QueryRow(context.Background(), `SELECT count(*) FROM web_sessions WHERE game_id = 'bourse-1'`).Scan(&sessions); err != nil {
				t.Fatal(err)
			}
			if in != 1 || gone != posts-1 || sessions != 1 {
				t.Errorf("%d posts of one link: %d logged in, %d refused, %d sessions; want 1, %d, 1", posts, in, gone, sessions, posts-1)
			}
		})
	}
}
