vcl 4.1;

# The shared cache the bench puts in front of the site (Varnish from Debian), set up as a CDN
# would be for it: pages are kept as their Cache-Control says (s-maxage), the API, the
# simulators and the health check always go to the site. Of the cookies only the language
# choice can change a page, so the others never split the cache; the browser's languages are
# reduced to the first of the site's languages it names, the way the site picks one (browsers
# list languages best first), so each page has a handful of copies, not one per header.

backend site {
  .host = "127.0.0.1";
  .port = "SITE_PORT";
}

sub vcl_recv {
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  if (req.url ~ "^/(api|sandbox|healthz)(/|$|\?)") {
    return (pass);
  }
  if (req.http.Cookie) {
    set req.http.Cookie = regsuball("; " + req.http.Cookie, ";\s*(?!i18n_redirected=)[^;\s][^;]*", "");
    set req.http.Cookie = regsub(req.http.Cookie, "^[;\s]+", "");
    if (req.http.Cookie == "") {
      unset req.http.Cookie;
    }
  }
  if (req.http.Accept-Language ~ "(?i)\b(cs|pl|en)\b") {
    set req.http.Accept-Language = regsub(req.http.Accept-Language, "(?i)^.*?\b(cs|pl|en)\b.*$", "\1");
  } else {
    unset req.http.Accept-Language;
  }
  # The builtin rule passes every request with a cookie; the language cookie is in the Vary key instead.
  return (hash);
}

sub vcl_backend_response {
  # A page that sets a cookie is never shared (the site sends none on cacheable pages).
  if (beresp.http.Set-Cookie) {
    set beresp.uncacheable = true;
    return (deliver);
  }
}
