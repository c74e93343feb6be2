-- Reserved for the users tables (issue 18); filled by the change that adds them.
SELECT 1;
