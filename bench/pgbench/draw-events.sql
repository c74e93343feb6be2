-- One draw's event alone: the event of a draw of fifty questions, as a start or a visit's end writes it, into
-- training_events and so into the drawn index's pending list
-- (docs/performance.md "GIN pending lists merged off the request path"). Made once in a bench database, after `npm run bench:training -- --stampede-only --keep-db`:
--   create sequence ab_seq start 1000000;
--   create table ab_trainings as select row_number() over (order by id) as n, id from trainings;
--   create index on ab_trainings (n); analyze ab_trainings;
--   create table ab_questions as select row_number() over (order by id) - 1 as n, id from questions
--     where agency_id = 'demo';
--   create index on ab_questions (n); analyze ab_questions;
-- Then at a steady rate, with and without the merge beside it (`select gin_clean_pending_list(
-- 'training_events_drawn_idx'::regclass)` every few seconds), each transaction's latency logged:
--   pgbench -n -c 2 -R 200 -T 40 -l -f bench/pgbench/draw-events.sql DATABASE
\set t random(1, 2000)
\set off random(0, 549)
insert into training_events (training_id, seq, event)
select t.id, nextval('ab_seq'),
       jsonb_build_object('type', 'draw', 'at', 0, 'questionIds',
         (select jsonb_agg(q.id::text) from generate_series(0, 49) i join ab_questions q on q.n = (:off + i) % 600))
  from ab_trainings t where t.n = :t;
