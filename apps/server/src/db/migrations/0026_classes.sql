-- Reserved for the classes tables (issue 18); filled by the change that adds them.
SELECT 1;
