-- One batch of the answer route's records, alone: 27 answer records for 27 students in one statement (the answers'
-- average batch), for comparing the database's cost of the records' checks between two copies of a bench database
-- (docs/performance.md "The student's row locked by every answer"). Made once in each copy, after
-- `npm run bench:training -- --answers-only --keep-db`:
--   create table ab_users as select row_number() over (order by id) as n, id from users
--     where id in (select user_id from trainings);
--   create table ab_questions as select row_number() over (order by id) - 1 as n, id from questions
--     where agency_id = 'demo';
--   create index on ab_users (n); create index on ab_questions (n); analyze ab_users; analyze ab_questions;
-- Then, alternating between the copies: pgbench -n -c 1 -T 6 -f bench/pgbench/answer-records-batch.sql DATABASE
\set off random(0, 170)
insert into answer_records (agency_id, question_id, version, user_id, score, is_correct, first, created_at)
select 'demo', q.id, 1, u.id, 1, true, true, now()
  from generate_series(1, 27) i
  join ab_users u on u.n = :off + i
  join ab_questions q on q.n = (i * 7 + :off) % 600;
