-- The first seeded banners linked elsewhere than their images say ("新用户注册 立即注册" opened /help,
-- "安全提现" pointed at an agent page the site does not have, which fell back to the home page).
-- Rows still holding those seeds get the seed's new title and link; an operator's own banners are untouched.
update content_banners set title = '新用户注册 立即注册', link = '/register'
  where image = '/banners/1.svg' and link = '/help' and title = '新手指南 三分钟学会购彩';
update content_banners set title = '极速快三 全天开奖 马上购彩'
  where image = '/banners/2.svg' and link = '/lotteryHall' and title = '快三、时时彩、六合彩 全天开奖';
update content_banners set title = '安全提现 极速到账 了解详情', link = '/withdraw'
  where image = '/banners/3.svg' and link = '/agentIntro' and title = '邀请好友 成为代理 共享返点';
