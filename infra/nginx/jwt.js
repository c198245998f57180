// The jwt scenario's check in NGINX (njs 0.7, Debian's libnginx-mod-http-js): the bearer token of each request
// must be a JWS signed HS256 with the run's secret ($jwt_secret) and carry an "exp" claim in the future.
// js_set $jwt_rejected jwt.rejected: "" when the token is valid, else why not (the server answers 401).
var crypto = require('crypto');

function rejected(r) {
    var auth = r.headersIn['Authorization'] || '';
    if (auth.slice(0, 7).toLowerCase() !== 'bearer ') {
        return 'no bearer token';
    }
    var parts = auth.slice(7).trim().split('.');
    if (parts.length !== 3) {
        return 'malformed token';
    }
    var header;
    var claims;
    try {
        header = JSON.parse(Buffer.from(parts[0], 'base64url').toString());
        claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString());
    } catch (e) {
        return 'malformed token';
    }
    if (header.alg !== 'HS256') {
        return 'not HS256';
    }
    var expected = crypto.createHmac('sha256', r.variables.jwt_secret).update(parts[0] + '.' + parts[1]).digest('base64url');
    if (expected !== parts[2]) {
        return 'bad signature';
    }
    if (typeof claims.exp !== 'number') {
        return 'no exp claim';
    }
    return claims.exp * 1000 > Date.now() ? '' : 'expired';
}

export default {rejected};
