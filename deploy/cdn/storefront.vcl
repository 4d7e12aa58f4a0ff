# CDN rule for the storefront (DESIGN.md section 6, "Caching"), as Varnish VCL (Varnish 6+/7; Fastly's
# VCL accepts the same subroutines). The origin decides what may be cached with its Cache-Control:
# anonymous pages send `public, max-age=0, s-maxage=60, stale-while-revalidate=300`, personal pages and
# every answer that sets a cookie `private, no-store`. The CDN adds one rule: a request that carries
# a session cookie (`access_token`, `refresh_token`, or their `__Host-` names) bypasses the cache entirely (neither read from nor written to it).
# Cookies every visitor has (device id, consent, city) are not part of the cache key: anonymous pages do
# not vary on them. They are still forwarded to the origin on a miss.
vcl 4.1;

backend storefront {
  # The cluster's ingress (deploy/ingress.yaml); a TLS origin needs a TLS-capable CDN or a sidecar.
  .host = "storefront-origin.aurora.example";
  .port = "80";
  .connect_timeout = 2s;
  .first_byte_timeout = 30s;
}

sub vcl_recv {
  # Signed-in shoppers: straight to the origin, never a cached copy of someone else's page.
  if (req.http.Cookie ~ "(^|;\s*)(__Host-)?(access_token|refresh_token)=") {
    return (pass);
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  # Anonymous GETs may be served from the cache even though they carry cookies (Varnish's built-in
  # logic would pass any request with a Cookie header); the origin's Cache-Control still rules.
  return (hash);
}

sub vcl_hash {
  # The key is the host and URL only: no cookie is part of it.
  hash_data(req.url);
  hash_data(req.http.host);
  return (lookup);
}

sub vcl_backend_response {
  # The ingress's affinity cookie (`aurora_route`, deploy/ingress.yaml) on a public answer: the app never
  # sets a cookie on one, so that cookie is the only one there. Drop it and keep the answer cacheable; a
  # shopper receives it with the first answer the CDN passes (sign-in, a personal page, any POST).
  if (beresp.http.Cache-Control ~ "(?i)public" && beresp.http.Set-Cookie ~ "^aurora_route=") {
    unset beresp.http.Set-Cookie;
  }
  # Never store an answer that sets a cookie or is private (the built-in logic does the same; kept
  # explicit because this rule must hold whatever the defaults become).
  if (beresp.http.Set-Cookie || beresp.http.Cache-Control ~ "(?i)(private|no-store|no-cache)") {
    set beresp.uncacheable = true;
    set beresp.ttl = 0s;
    return (deliver);
  }
}
