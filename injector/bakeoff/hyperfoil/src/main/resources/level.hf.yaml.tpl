name: bake
http:
  host: HOST
  sharedConnections: 16
threads: 1
phases:
- warmup:
    constantRate:
      usersPerSec: RATE
      variance: false
      duration: WARMs
      maxSessions: 4000
      scenario: &s
      - page:
        - httpRequest:
            GET: /
            handler:
              status:
                range: 2xx
- measure:
    constantRate:
      startAfter: warmup
      usersPerSec: RATE
      variance: false
      duration: SECSs
      maxSessions: 4000
      scenario: *s
