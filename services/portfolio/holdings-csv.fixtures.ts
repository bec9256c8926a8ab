/**
 * Real-looking positions downloads (hand-built after the brokers' published layouts; docs/holdings-csv.md)
 * for the parser's unit spec and the import's API spec. DRPW and T1W are the funds of the API spec.
 */

/** A Fidelity "Portfolio_Positions_<date>.csv": one row per account and fund, cash core, pending activity, then disclaimers. */
export const FIDELITY_SAMPLE = [
  'Account Number,Account Name,Symbol,Description,Quantity,Last Price,Last Price Change,Current Value,Today\'s Gain/Loss Dollar,Today\'s Gain/Loss Percent,Total Gain/Loss Dollar,Total Gain/Loss Percent,Percent Of Account,Cost Basis Total,Average Cost Basis,Type',
  'Z12345678,Individual,SPAXX**,HELD IN MONEY MARKET,,,,$1523.40,,,,,12.50%,,,Cash,',
  'Z12345678,Individual,DRPW,DRIP TEST WEEKLYPAY ETF,100,$22.00,+$0.15,$2200.00,+$15.00,+0.69%,+$200.00,+10.00%,18.05%,$2000.00,$20.00,Cash,',
  'Z87654321,ROTH IRA,DRPW,DRIP TEST WEEKLYPAY ETF,50.5,$22.00,+$0.15,$1111.00,+$7.58,+0.69%,+$111.00,+11.10%,40.00%,$999.90,$19.80,Cash,',
  'Z12345678,Individual,AAPL,APPLE INC,10,$230.00,-$1.20,"$2,300.00",-$12.00,-0.52%,+$200.00,+9.52%,18.87%,"$2,100.00",$210.00,Margin,',
  'Z12345678,Individual,Pending Activity,,,,,-$120.00,,,,,,,,,',
  '',
  '"The data and information in this spreadsheet is provided to you solely for your use and is not for distribution. The spreadsheet is provided for informational purposes only, and is not intended to provide advice."',
  '"Brokerage services are provided by Fidelity Brokerage Services LLC (FBS), 900 Salem Street, Smithfield, RI 02917. Custody and other services provided by National Financial Services LLC (NFS), Member NYSE, SIPC."',
  '"Date downloaded Jan-23-2026 4:05 p.m ET"',
  '',
].join('\r\n');

/** A Schwab "<Account>-Positions-<date>.csv": a title line, the header, positions, cash and the account total. */
export const SCHWAB_SAMPLE = [
  '"Positions for account Individual ...123 as of 09:41 PM ET, 2026/01/23","","","","","","","","","","","","","","","",""',
  '',
  '"Symbol","Description","Qty (Quantity)","Price","Price Chng % (Price Change %)","Price Chng $ (Price Change $)","Mkt Val (Market Value)","Day Chng % (Day Change %)","Day Chng $ (Day Change $)","Cost Basis","Gain % (Gain/Loss %)","Gain $ (Gain/Loss $)","Ratings","Reinvest?","Reinvest Capital Gains?","% of Acct (% of Account)","Security Type",',
  '"DRPW","DRIP TEST WEEKLYPAY ETF","100","$22.00","0.69%","$0.15","$2,200.00","0.69%","$15.00","$2,050.00","7.32%","$150.00","--","Yes","N/A","60.00%","ETFs & Closed End Funds",',
  '"T1W","TEST FUND 1","1,000","$10.00","0%","$0.00","$10,000.00","0%","$0.00","--","--","--","--","No","N/A","20.00%","ETFs & Closed End Funds",',
  '"Cash & Cash Investments","--","--","--","--","--","$1,466.67","0%","$0.00","--","--","--","--","--","--","20.00%","Cash and Money Market",',
  '"Account Total","--","--","--","--","--","$13,666.67","0.11%","$15.00","$2,050.00","--","$150.00","--","--","--","--","--",',
  '',
].join('\n');

/** A Robinhood positions list (its web portfolio's columns). */
export const ROBINHOOD_SAMPLE = [
  'Name,Symbol,Shares,Price,Average Cost,Total Return,Equity',
  'Drip Test WeeklyPay ETF,DRPW,12.345678,$22.00,$20.10,+$23.45,$271.60',
  'Test Fund 1,t1w,3,$10.00,$0.00,$0.00,$30.00',
].join('\n');
