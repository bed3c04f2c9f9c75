-- Plaza benchmark dataset: one INSERT … SELECT generate_series per table into the app's real (migrated) tables.
-- Reproducible: ids are derived from row numbers (pg_temp.uid) and "random" values from hashint8 (pg_temp.rnd), so
-- the same SCALE always yields the same rows. seed.mjs replaces the double-brace tokens, drops the indexes and foreign
-- keys of the loaded tables before this runs, and recreates them afterwards. Statements are separated by
-- lines that start with "-- step:"; each runs on its own so seed.mjs can time it.
--
-- Sizes at SCALE=1: users {{U}}, posts {{P}}, follows ≈ 48 per user + 10 celebrities for every 5th user (≈ 5M),
-- likes {{LPU}} per user (10M), conversations {{U}} with 10 messages each (1M), businesses {{B}} with 20 check-ins
-- and 2 coupons each. Everything lives around one city (Austin, ±0.3°).

-- step: helpers
create function pg_temp.uid(kind int, n bigint) returns uuid language sql immutable parallel safe as
$$ select (lpad(to_hex(kind), 8, '0') || '-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid $$;
create function pg_temp.rnd(n bigint, salt int) returns float8 language sql immutable parallel safe as
$$ select (hashint8(n * 1000 + salt) & 2147483647)::float8 / 2147483648.0 $$;
create function pg_temp.is_viewer(n bigint) returns boolean language sql immutable parallel safe as
$$ select n between {{VIEWER_FIRST}} and {{VIEWER_LAST}} $$;

-- step: follows
-- Every user follows 48 "regular" accounts ((u + i·7919) mod U, distinct because 7919 is prime); the bench viewers
-- follow 190. Every 5th user and every viewer also follows the 10 celebrities (ids 1–10): ≈ 20k followers each.
insert into follows (follower_id, following_id, created_at)
select pg_temp.uid(1, u), pg_temp.uid(1, f), timestamptz '{{BASE}}' - pg_temp.rnd(u * 256 + i, 1) * interval '300 days'
from generate_series(1, {{U}}) as u
cross join lateral (
  select i, ((u + i * 7919) % {{U}}) + 1 as f
  from generate_series(1, case when pg_temp.is_viewer(u) then 190 else 48 end) as i
) as regular
where f <> u and f > 10
union all
select pg_temp.uid(1, u), pg_temp.uid(1, c), timestamptz '{{BASE}}' - pg_temp.rnd(u * 16 + c, 2) * interval '300 days'
from generate_series(11, {{U}}) as u
cross join generate_series(1, 10) as c
where u % 5 = 0 or pg_temp.is_viewer(u);

-- step: likes
-- User u likes 100 posts ((u·7919 + j·104729) mod P, distinct per user since 104729 is prime).
insert into likes (post_id, user_id, created_at)
select pg_temp.uid(2, ((u::bigint * 7919 + j::bigint * 104729) % {{P}}) + 1), pg_temp.uid(1, u),
  timestamptz '{{BASE}}' - j * interval '1 hour'
from generate_series(1, {{U}}) as u
cross join generate_series(1, {{LPU}}) as j;

-- step: posts
-- Authors skewed towards low ids (1 + U·r³: the celebrities write ≈ 5% of all posts); 90 days of history;
-- 2% pay-per-view, 2% for subscribers, 20% with an image, 10% with a place. like_count is the maintained
-- counter, so it is computed from the likes above.
insert into posts (
  id, author_id, title, content, post_type, price_cents, media_urls, media_type, category, tags,
  city, state, country, country_code, latitude, longitude, like_count, comment_count, created_at
)
select pg_temp.uid(2, p),
  pg_temp.uid(1, 1 + floor({{U}} * power(pg_temp.rnd(p, 3), 3))::bigint),
  case when p % 4 = 0 then 'Weekend notes #' || p end,
  'Post ' || p || ': ' || (array['Fresh coffee at the corner place', 'Sunset over the river trail',
    'New mural downtown', 'Trying the taco truck on 5th', 'Live music tonight', 'Farmers market haul',
    'Morning run by the lake', 'Bookshop find of the week'])[1 + p % 8]
    || '. Plaza is where the neighbourhood talks: recommendations, events and small wins, shared with the people '
    || 'who live around here. Tell me what you think in the comments!',
  (case when p % 50 = 0 then 'ppv' when p % 50 = 1 then 'subscriber' else 'free' end)::post_type,
  case when p % 50 = 0 then 499 end,
  case when p % 5 = 2 then array['/uploads/bench-' || (p % 100) || '.jpg'] else '{}'::text[] end,
  (case when p % 5 = 2 then 'image' end)::media_type,
  (array['food', 'music', 'outdoors', 'art', null])[1 + p % 5],
  case when p % 3 = 0 then array['local', 'austin'] else '{}'::text[] end,
  case when p % 10 = 0 then 'Austin' end,
  case when p % 10 = 0 then 'Texas' end,
  case when p % 10 = 0 then 'United States' end,
  case when p % 10 = 0 then 'US' end,
  case when p % 10 = 0 then 30.2672 + (pg_temp.rnd(p, 4) - 0.5) * 0.6 end,
  case when p % 10 = 0 then -97.7431 + (pg_temp.rnd(p, 5) - 0.5) * 0.6 end,
  coalesce(counted.likes, 0),
  0,
  date_trunc('milliseconds', timestamptz '{{BASE}}' - pg_temp.rnd(p, 6) * interval '90 days')
from generate_series(1, {{P}}) as p
left join (select post_id, count(*)::int as likes from likes group by post_id) as counted
  on counted.post_id = pg_temp.uid(2, p);

-- step: users
-- Ids 1–10 are verified creators (the celebrities), the last B are business owners, every 50th is private.
-- All share one password (the argon2 hash seed.mjs made with the app's own hashing); counters are computed.
insert into users (
  id, email, password_hash, username, first_name, last_name, bio, profile_type, is_verified,
  account_visibility, city, state, country, country_code, latitude, longitude, location_privacy, preferences,
  followers_count, following_count, posts_count, created_at, updated_at
)
select pg_temp.uid(1, n), 'user' || n || '@bench.plaza.test', {{PASSWORD_HASH}}, 'user' || n,
  (array['Ana', 'Ben', 'Chloe', 'Dev', 'Elena', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jonas', 'Kira', 'Leo',
    'Maya', 'Nico', 'Olga', 'Pablo', 'Quinn', 'Rosa', 'Sami', 'Tara'])[1 + n % 20],
  (array['Garcia', 'Smith', 'Nguyen', 'Kim', 'Patel', 'Lopez', 'Brown', 'Rossi', 'Novak', 'Silva', 'Meyer',
    'Cohen', 'Sato', 'Okafor', 'Haddad', 'Larsen', 'Moreau', 'Ivanova', 'Walsh', 'Reyes'])[1 + (n / 20) % 20],
  'Bench account ' || n,
  (case when n <= 10 then 'creator' when n > {{U}} - {{B}} then 'business' else 'personal' end)::profile_type,
  n <= 10,
  (case when n % 50 = 3 then 'private' else 'public' end)::account_visibility,
  'Austin', 'Texas', 'United States', 'US',
  30.2672 + (pg_temp.rnd(n, 7) - 0.5) * 0.6, -97.7431 + (pg_temp.rnd(n, 8) - 0.5) * 0.6,
  'city', {{PREFERENCES}}::jsonb,
  coalesce(followers.count, 0), coalesce(following.count, 0), coalesce(authored.count, 0),
  timestamptz '{{BASE}}' - interval '400 days' + n * interval '1 minute',
  timestamptz '{{BASE}}' - interval '400 days' + n * interval '1 minute'
from generate_series(1, {{U}}) as n
left join (select following_id, count(*)::int as count from follows group by 1) as followers
  on followers.following_id = pg_temp.uid(1, n)
left join (select follower_id, count(*)::int as count from follows group by 1) as following
  on following.follower_id = pg_temp.uid(1, n)
left join (select author_id, count(*)::int as count from posts group by 1) as authored
  on authored.author_id = pg_temp.uid(1, n);

-- step: conversations
-- Conversation k is between users k and k+1 (wrapping), ordered pair; 10 messages alternate between them, the
-- last one from the higher id; 30% leave 3 messages unread for the other participant.
insert into conversations (
  id, participant1_id, participant2_id, last_activity_at, last_message_preview, participant1_unread,
  participant2_unread, created_at
)
select pg_temp.uid(3, k), pg_temp.uid(1, least(k, k % {{U}} + 1)), pg_temp.uid(1, greatest(k, k % {{U}} + 1)),
  timestamptz '{{BASE}}' - pg_temp.rnd(k, 9) * interval '60 days' + interval '10 minutes',
  'Message 10 of conversation ' || k,
  case when k % 10 < 3 then 3 else 0 end,
  0,
  timestamptz '{{BASE}}' - pg_temp.rnd(k, 9) * interval '60 days'
from generate_series(1, {{U}}) as k;

-- step: messages
insert into messages (id, conversation_id, sender_id, content, message_type, created_at)
select pg_temp.uid(4, (k - 1) * 10 + m), pg_temp.uid(3, k),
  pg_temp.uid(1, case when m % 2 = 0 then greatest(k, k % {{U}} + 1) else least(k, k % {{U}} + 1) end),
  'Message ' || m || ' of conversation ' || k || ': see you at the market on Saturday?', 'text',
  date_trunc('milliseconds', timestamptz '{{BASE}}' - pg_temp.rnd(k, 9) * interval '60 days' + m * interval '1 minute')
from generate_series(1, {{U}}) as k
cross join generate_series(1, 10) as m;

-- step: checkins
-- 20 check-ins per business by assorted users, half of them with a rating (the counters below are computed).
insert into checkins (id, user_id, business_id, rating, review, distance_meters, checked_in_at)
select pg_temp.uid(6, (b - 1) * 20 + c), pg_temp.uid(1, 1 + floor(pg_temp.rnd(b * 32 + c, 10) * {{U}})::bigint),
  pg_temp.uid(5, b),
  case when c % 2 = 0 then 1 + (b + c) % 5 end,
  case when c % 4 = 0 then 'Great place, friendly staff.' end,
  25,
  timestamptz '{{BASE}}' - pg_temp.rnd(b * 32 + c, 13) * interval '180 days'
from generate_series(1, {{B}}) as b
cross join generate_series(1, 20) as c;

-- step: businesses
insert into businesses (
  id, owner_id, name, category, description, address, phone, website, price_range, latitude, longitude,
  is_published, visit_secret, rating_sum, average_rating, total_reviews, total_check_ins, created_at
)
select pg_temp.uid(5, b), pg_temp.uid(1, {{U}} - {{B}} + b),
  (array['Blue', 'Golden', 'Little', 'Urban', 'Green', 'Corner', 'Sunny', 'Old Town'])[1 + b % 8] || ' '
    || (array['Kitchen', 'Cafe', 'Boutique', 'Gym', 'Salon', 'Theater', 'Repair'])[1 + b % 7] || ' ' || b,
  (array['restaurant', 'cafe', 'retail', 'fitness', 'beauty', 'entertainment', 'services'])[1 + b % 7]::business_category,
  'A neighbourhood favourite since ' || (1990 + b % 30) || '.', b || ' Congress Ave, Austin', '+1 512 555 0100',
  'https://example.com/' || b, (array['$', '$$', '$$$'])[1 + b % 3],
  30.2672 + (pg_temp.rnd(b, 11) - 0.5) * 0.6, -97.7431 + (pg_temp.rnd(b, 12) - 0.5) * 0.6,
  true, 'bench-visit-secret-' || b,
  coalesce(rated.rating_sum, 0), coalesce(round(rated.rating_sum::numeric / nullif(rated.reviews, 0), 2), 0),
  coalesce(rated.reviews, 0), 20,
  timestamptz '{{BASE}}' - interval '500 days' + b * interval '1 hour'
from generate_series(1, {{B}}) as b
left join (
  select business_id, sum(rating)::int as rating_sum, count(rating)::int as reviews from checkins group by 1
) as rated on rated.business_id = pg_temp.uid(5, b);

-- step: coupons
insert into coupons (id, business_id, code, title, description, discount_type, discount_value, expires_at, is_active, created_at)
select pg_temp.uid(7, (b - 1) * 2 + c), pg_temp.uid(5, b), 'BENCH' || b || 'C' || c,
  case when c = 1 then '10% off your order' else 'Free coffee' end, 'Show this at the counter.',
  (case when c = 1 then 'percentage' else 'freeItem' end)::discount_type, case when c = 1 then 10 else 0 end,
  timestamptz '{{BASE}}' + interval '365 days', true, timestamptz '{{BASE}}' - interval '30 days'
from generate_series(1, {{B}}) as b
cross join generate_series(1, 2) as c;
